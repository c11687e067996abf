import { ApiError } from "@/lib/api-client";

/**
 * Spec 2 §8 (X7): "A 401 on billing calls returns null silently; other errors are rethrown." A 401 means the API no
 * longer knows this sign-in (a revoked or ended session), which is not a billing failure: the call answers null, no
 * error is shown, and the app's session check runs again (AuthProvider listens here). That check treats a 401 from
 * GET /api/auth as signed out, as at start, so the resident is sent to sign in and comes back to the page.
 * Null is neither the bills nor their absence: a page shows no error and no empty state for it.
 */
const listeners = new Set<() => void>();

/** AuthProvider's subscription: called once per 401 answer. */
export function onSignInRejected(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** A billing call's answer, or null (and a session check) when the API answered 401. */
export async function nullWhenSignedOut<T>(call: Promise<T>): Promise<T | null> {
  try {
    return await call;
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 401) throw error;
    for (const listener of listeners) listener();
    return null;
  }
}

/**
 * A query's staleTime that never keeps a signed-out answer: once signed in again, a page asks at once rather
 * than showing the null of a minute ago.
 */
export const freshUnlessSignedOut =
  (staleMs: number) =>
  (query: { state: { data: unknown } }): number =>
    query.state.data === null ? 0 : staleMs;
