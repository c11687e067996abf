import { api } from "@/lib/api-client";
import { readStored, writeStored } from "@/lib/web-storage";

const MARKER_KEY = "sessionRecordedFor";

/** Whether this browser session already has a session record for the user. */
export function sessionRecorded(uid: string): boolean {
  return readStored("session", MARKER_KEY) === uid;
}

/**
 * GET /api/record-session (spec 1 §4): once per browser session, or at login. The server
 * takes the address from the request; the browser does not call an outside IP service.
 */
export async function recordSession(uid: string, isLoggingIn: boolean): Promise<void> {
  // Without storage the record is written once per page load instead.
  writeStored("session", MARKER_KEY, uid);
  const query = new URLSearchParams({ platform: "web", isLoggingIn: String(isLoggingIn) });
  await api.get(`/record-session?${query.toString()}`);
}
