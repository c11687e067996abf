import { api } from "@/lib/api-client";

const MARKER_KEY = "sessionRecordedFor";

/** Whether this browser session already has a session record for the user. */
export function sessionRecorded(uid: string): boolean {
  try {
    return window.sessionStorage.getItem(MARKER_KEY) === uid;
  } catch {
    return false;
  }
}

/**
 * GET /api/record-session (spec 1 §4): once per browser session, or at login. The server
 * takes the address from the request; the browser does not call an outside IP service.
 */
export async function recordSession(uid: string, isLoggingIn: boolean): Promise<void> {
  try {
    window.sessionStorage.setItem(MARKER_KEY, uid);
  } catch {
    // Without storage the record is written once per page load instead.
  }
  const query = new URLSearchParams({ platform: "web", isLoggingIn: String(isLoggingIn) });
  await api.get(`/record-session?${query.toString()}`);
}
