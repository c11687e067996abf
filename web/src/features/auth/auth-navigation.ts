import { paths } from "@/config/paths";
import { readStored, removeStored, writeStored } from "@/lib/web-storage";

/**
 * Where the login flow sends the user. The app swaps its route table when the sign-in state
 * changes (spec 1 §2.1), and the new router starts at the browser's current URL, so the flow
 * writes the destination into history *before* the swap (`setUrlForNextRouter`).
 */
const ACTIVITY_KEY = "loginActivityId";
const SSO_RETURN_KEY = "loginSsoReturn";
const RETURN_KEY = "loginReturnPath";

/** Only a path of this app ("/payment/x?y"), never "//host" or a URL: no open redirect. */
const isAppPath = (value: string | null | undefined): value is string =>
  typeof value === "string" && value.startsWith("/") && !value.startsWith("//") && !value.startsWith("/\\");

/**
 * The API no longer knows the sign-in (spec 2 §8 X7: a billing call and then GET /api/auth answered 401): the
 * page the user was on is remembered and the next router, the signed-out one, starts at /login; the login then
 * brings them back to it.
 */
export function signInAgainAndReturn(): void {
  if (window.location.pathname === paths.login.path) return;
  rememberReturnPath(`${window.location.pathname}${window.location.search}`);
  setUrlForNextRouter(paths.login.path);
}

/**
 * A signed-out visitor chose, on a page anyone may open, something only a signed-in user may do (Follow
 * on a report's public page, issue 33): the login brings her back to `path` (an app path only).
 */
export function rememberReturnPath(path: string): void {
  if (!isAppPath(path)) return;
  // Storage refused (private mode): the login still works and goes to the dashboard.
  writeStored("session", RETURN_KEY, path);
}

/** Spec 1 §2.3: /login?activityId= is remembered until the login completes. */
export function rememberActivity(activityId: string): void {
  // Storage refused (private mode): the login still works and goes to the dashboard.
  writeStored("session", ACTIVITY_KEY, activityId);
}

/**
 * A partner's single sign-on request that arrived before the user logged in: /sso/saml with its
 * query, taken up again after the login. Only that page is accepted, so this is no open redirect.
 */
export function rememberSsoRequest(pathAndQuery: string): void {
  if (!pathAndQuery.startsWith(`${paths.ssoSaml.path}?`)) return;
  // Storage refused: the user starts again from the partner's site.
  writeStored("session", SSO_RETURN_KEY, pathAndQuery);
}

/**
 * The pending single sign-on, else the remembered activity's destination, else the page whose session ended,
 * else the dashboard.
 */
export function destinationAfterLogin(): string {
  const activityId = readStored("session", ACTIVITY_KEY);
  const ssoReturn = readStored("session", SSO_RETURN_KEY);
  const returnPath = readStored("session", RETURN_KEY);
  if (ssoReturn?.startsWith(`${paths.ssoSaml.path}?`)) return ssoReturn;
  if (activityId) return `${paths.activityStart.path}?activityId=${encodeURIComponent(activityId)}`;
  return isAppPath(returnPath) ? returnPath : paths.dashboard.path;
}

/** The page whose session ended has been gone back to (or another sign-in came first). */
export function forgetReturnPath(): void {
  removeStored("session", RETURN_KEY);
}

/**
 * The login is done and a pending single sign-on is on its way. The remembered activity is kept:
 * a user who must create their account first only reaches it after the wizard (spec 1 §2.4), so
 * the service start page forgets it once it opens it.
 */
export function forgetSsoRequest(): void {
  removeStored("session", SSO_RETURN_KEY);
}

/** The remembered activity (and any single sign-on) has been honoured. */
export function forgetActivity(): void {
  removeStored("session", ACTIVITY_KEY);
  removeStored("session", SSO_RETURN_KEY);
}

/** Sets the URL the next router (created when the sign-in state changes) will start at. */
export function setUrlForNextRouter(path: string): void {
  window.history.replaceState(window.history.state, "", path);
}
