import { resolveApiUrl } from "./api-client";

/**
 * Requests index.html's /early-requests.js (web/public) started before the app's code arrived, by
 * URL. A first-time visitor gets the system alert dialog (spec 1 §4) on every page, and it is often
 * the page's largest paint (LCP); it waits for the alerts list and the payment maintenance info
 * (whose warning joins the list), which the app used to ask for only once its entry script (~165 KB)
 * had downloaded and run. The script is a file, not inline, so the CSP stays 'self', and `async`, so
 * it blocks nothing. It makes the very request api-client.ts would (GET, same-origin credentials,
 * Accept JSON, no token: both answers are the same for every caller, so signed-in pages get them
 * early too), and only for the queries this tab does not already hold (session-query-cache.ts: the
 * app shows those and asks again once they are stale).
 *
 * Each answer is taken once, either as a query's initial data when it has already arrived (the
 * first render shows the dialog, no pending render first) or by the query's first fetch; later calls
 * ask again. When the script is missing, late or failed, the app asks as it always did.
 */
interface EarlyRequest {
  /** The JSON, or undefined on a network failure, an error status or an unreadable body. */
  answer: Promise<unknown>;
  /** Set once the answer has arrived, with the time it did. */
  data: unknown;
  at: number;
}

declare global {
  interface Window {
    __PORTAL_EARLY_REQUESTS__?: Partial<Record<string, EarlyRequest>>;
  }
}

/** The early request for `url`, removed so it is used once; undefined when none was started. */
function takeEarlyRequest(url: string): EarlyRequest | undefined {
  if (typeof window === "undefined") return undefined;
  // The script is async: it can run after the app's code. When the app asks first, it leaves an
  // empty record, so a script running later starts nothing and each call is made once (a CI run
  // saw both sides ask).
  window.__PORTAL_EARLY_REQUESTS__ ??= {};
  const early = window.__PORTAL_EARLY_REQUESTS__;
  const absolute = resolveApiUrl(url);
  const request = early[absolute];
  delete early[absolute];
  return request;
}

/**
 * The early answer for `url` when it succeeded; otherwise (none started, a network failure, an
 * error status, an unreadable body) `ask()`, the app's own call, so errors, retries and the token
 * behave as they always do.
 */
export async function earlyOr<T>(url: string, ask: () => Promise<T>): Promise<T> {
  const early = takeEarlyRequest(url);
  const data = early ? await early.answer : undefined;
  return data === undefined ? ask() : (data as T);
}

/**
 * `initialData` and `initialDataUpdatedAt` for a query: the early answer when it has already
 * arrived by the time the query is first used (taken then, with the time it arrived, so the query's
 * staleTime counts from there), else nothing and the query fetches (through `earlyOr`).
 */
export function earlyInitialData<T>(url: string) {
  let at = 0;
  return {
    initialData: (): T | undefined => {
      const early = typeof window === "undefined" ? undefined : window.__PORTAL_EARLY_REQUESTS__?.[resolveApiUrl(url)];
      if (early?.data === undefined) return undefined;
      takeEarlyRequest(url);
      at = early.at;
      return early.data as T;
    },
    initialDataUpdatedAt: () => at,
  };
}
