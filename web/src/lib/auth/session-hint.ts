import { readStored, removeStored, writeStored } from "@/lib/web-storage";

/**
 * What this browser knew about the sign-in when it was last here, so a visitor who never signed in
 * gets the public page without waiting for (or downloading) Firebase Auth first. Firebase keeps the
 * session itself; this flag only says whether there is one worth waiting for.
 */
const SESSION_HINT_KEY = "portal.hasSession";

/** True when a session may exist: the flag is set, or storage is blocked and we cannot tell. */
export function mayHaveSession(): boolean {
  const hint = readStored("local", SESSION_HINT_KEY);
  return hint === undefined || hint === "1";
}

export function rememberSession(signedIn: boolean): void {
  // Without storage every load waits for Firebase, as mayHaveSession says.
  if (signedIn) writeStored("local", SESSION_HINT_KEY, "1");
  else removeStored("local", SESSION_HINT_KEY);
}

const startedListeners = new Set<() => void>();

/** Runs `listener` when some page (the login form, say) starts Firebase Auth; returns the unsubscribe. */
export function onFirebaseAuthStarted(listener: () => void): () => void {
  startedListeners.add(listener);
  return () => startedListeners.delete(listener);
}

export function notifyFirebaseAuthStarted(): void {
  for (const listener of startedListeners) listener();
}
