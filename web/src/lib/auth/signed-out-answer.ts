import { ApiError } from "@/lib/api-client";

/**
 * Spec 2 §8 (X7): "A 401 on billing calls returns null silently; other errors are rethrown." A 401 means the API no
 * longer knows this sign-in (a revoked or ended session, or a stale ID token), which is not a billing failure: no
 * error is shown, and the app's session check runs (AuthProvider listens here). That check refreshes the ID token and
 * asks GET /api/auth, whose 401 is signed out as at start: the resident is sent to sign in and comes back to the page,
 * and the call answers null. When the check finds the sign-in standing (the token was stale), the call is made once
 * more with the fresh token and answers what the API says; refused again, the sign-in is over after all (the check
 * is told so) and the call answers null. Null is neither the bills nor their absence: a page shows no error and no
 * empty state for it.
 */

/**
 * AuthProvider's part: `"refused"` for a first 401, answering whether the sign-in still stands (true: ask again);
 * `"refused-again"` for a 401 on that second try, which ends the sign-in.
 */
export type SignInRejectedListener = (refusal: "refused" | "refused-again") => Promise<boolean> | boolean | undefined;

const listeners = new Set<SignInRejectedListener>();

/** AuthProvider's subscription: called once per 401 answer. */
export function onSignInRejected(listener: SignInRejectedListener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

const tell = async (refusal: "refused" | "refused-again") =>
  (await Promise.all([...listeners].map((listener) => listener(refusal)))).includes(true);

/** The answer, or `refused` when the API answered 401 (any other error is thrown). */
async function unlessRefused<T>(call: () => Promise<T>): Promise<{ answer: T } | "refused"> {
  try {
    return { answer: await call() };
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 401) throw error;
    return "refused";
  }
}

/**
 * A billing call's answer; on a 401, a session check: the call made once more when the sign-in stands, else null.
 * Never more than two tries: a second 401 in a row ends the sign-in.
 */
export async function nullWhenSignedOut<T>(call: () => Promise<T>): Promise<T | null> {
  const first = await unlessRefused(call);
  if (first !== "refused") return first.answer;
  if (!(await tell("refused"))) return null;
  const second = await unlessRefused(call);
  if (second !== "refused") return second.answer;
  await tell("refused-again");
  return null;
}

/**
 * A query's staleTime that never keeps a signed-out answer: once signed in again, a page asks at once rather
 * than showing the null of a minute ago.
 */
export const freshUnlessSignedOut =
  (staleMs: number) =>
  (query: { state: { data: unknown } }): number =>
    query.state.data === null ? 0 : staleMs;
