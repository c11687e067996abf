// Starts, before the app's code has even downloaded, the two requests a first-time visitor's system
// alert dialog waits for (spec 1 §4: the alerts list, and the payment maintenance info whose
// warning joins it). The dialog is often a first visit's largest paint, and it used to wait for
// the entry script (~165 KB) to download and run before these were even asked for.
//
// A file, not an inline script, so the CSP stays 'self'; `async`, so it blocks nothing. The app
// takes each response once (web/src/lib/early-requests.ts) instead of asking again; when this file
// is missing, late or fails, the app just asks as it always did.
//
// Only for visitors without a session: a signed-in user's calls carry a token (an admin's alert
// list holds inactive alerts too). Skipped for a query this tab already holds
// (web/src/lib/session-query-cache.ts): the app shows that and asks again only once it is stale.
(() => {
  try {
    if (window.localStorage.getItem("portal.hasSession") === "1") return;
    const saved = JSON.parse(window.sessionStorage.getItem("portal.sessionQueries.v1") || "null");
    const held = new Set(
      (saved && Array.isArray(saved.queries) ? saved.queries : []).map((query) =>
        query && Array.isArray(query.queryKey) ? query.queryKey[0] : null,
      ),
    );
    const requests = {};
    for (const [queryKey, url] of [
      ["systemAlerts", "/api/systemAlerts"],
      ["paymentMaintenanceInfo", "/api/paymentMaintenanceInfo"],
    ]) {
      if (held.has(queryKey)) continue;
      // The same request the app makes (api-client.ts): GET, same-origin credentials, JSON.
      requests[url] = fetch(url, { headers: { Accept: "application/json" } }).catch(() => null);
    }
    window.__PORTAL_EARLY_REQUESTS__ = requests;
  } catch {
    // Storage refused: a session may exist, so the app asks itself, with its token.
  }
})();
