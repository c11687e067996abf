import { resolveApiUrl } from "./api-client";

/**
 * Requests index.html's /early-requests.js started before the app's code arrived (a first visit's
 * system alert dialog waits for them), by URL. Each response is taken once: later calls ask again.
 */
type EarlyRequests = Partial<Record<string, Promise<Response | null>>>;

declare global {
  interface Window {
    __PORTAL_EARLY_REQUESTS__?: EarlyRequests;
  }
}

/** The early request for `url`, removed so it is used once; undefined when none was started. */
function takeEarlyRequest(url: string): Promise<Response | null> | undefined {
  const early = typeof window === "undefined" ? undefined : window.__PORTAL_EARLY_REQUESTS__;
  const absolute = resolveApiUrl(url);
  const request = early?.[absolute];
  if (early) delete early[absolute];
  return request;
}

/**
 * The JSON of the early request for `url` when it succeeded; otherwise (none started, a network
 * failure, an error status, an unreadable body) `ask()`, the app's own call, so errors, retries
 * and the token behave as they always do.
 */
export async function earlyOr<T>(url: string, ask: () => Promise<T>): Promise<T> {
  const early = takeEarlyRequest(url);
  const response = early ? await early : null;
  if (response?.ok) {
    try {
      return (await response.json()) as T;
    } catch {
      // An unreadable body: ask again below.
    }
  }
  return ask();
}
