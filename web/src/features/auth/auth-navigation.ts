import { paths } from "@/config/paths";

/**
 * Where the login flow sends the user. The app swaps its route table when the sign-in state
 * changes (spec 1 §2.1), and the new router starts at the browser's current URL, so the flow
 * writes the destination into history *before* the swap (`setUrlForNextRouter`) or asks the
 * router of the moment to go there (`navigateFromOutside`).
 */
const ACTIVITY_KEY = "loginActivityId";

/** Spec 1 §2.3: /login?activityId= is remembered until the login completes. */
export function rememberActivity(activityId: string): void {
  try {
    window.sessionStorage.setItem(ACTIVITY_KEY, activityId);
  } catch {
    // Storage refused (private mode): the login still works and goes to the dashboard.
  }
}

/** The remembered activity's destination, or the dashboard; forgets the activity. */
export function takeDestinationAfterLogin(): string {
  let activityId: string | null = null;
  try {
    activityId = window.sessionStorage.getItem(ACTIVITY_KEY);
    window.sessionStorage.removeItem(ACTIVITY_KEY);
  } catch {
    activityId = null;
  }
  return activityId
    ? `${paths.activityStart.path}?activityId=${encodeURIComponent(activityId)}`
    : paths.dashboard.path;
}

/** Sets the URL the next router (created when the sign-in state changes) will start at. */
export function setUrlForNextRouter(path: string): void {
  window.history.replaceState(window.history.state, "", path);
}

/** Moves the current router to a path, from code that may outlive the page that started it. */
export function navigateFromOutside(path: string): void {
  window.history.pushState(null, "", path);
  window.dispatchEvent(new PopStateEvent("popstate", { state: null }));
}
