// Asks for what a first visit's system alert dialog waits for while the app's code downloads; the
// app takes each answer once. Shipped as written: the why is in web/src/lib/early-requests.ts.
(() => {
  try {
    // The app's code ran first and asked itself (web/src/lib/early-requests.ts): nothing to start.
    if (window.__PORTAL_EARLY_REQUESTS__) return;
    // The shell queries this tab holds (session-query-cache.ts), looked up without parsing them all.
    const saved = window.sessionStorage.getItem("portal.sessionQueries.v1") || "";
    const requests = {};
    for (const [queryKey, url] of [
      ['["systemAlerts","active"]', "/api/systemAlerts"],
      ['["paymentMaintenanceInfo"]', "/api/paymentMaintenanceInfo"],
    ]) {
      if (saved.includes(`"queryKey":${queryKey}`)) continue;
      // Its JSON once it has arrived, so the app's first render can show the dialog at once.
      const early = { data: undefined, at: 0 };
      early.answer = fetch(url, { headers: { Accept: "application/json" } })
        .then((response) => (response.ok ? response.json() : undefined))
        .then(
          (data) => {
            early.data = data;
            early.at = Date.now();
            return data;
          },
          () => undefined,
        );
      requests[url] = early;
    }
    window.__PORTAL_EARLY_REQUESTS__ = requests;
  } catch {
    // Storage refused: the app asks itself.
  }
})();
