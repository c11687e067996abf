import { SF_ACCOUNT_EXISTS } from "@contract/auth-forms";
import { createUserWithEmailAndPassword, sendEmailVerification, signOut } from "firebase/auth";
import { useSyncExternalStore } from "react";
import { ApiError } from "@/lib/api-client";
import { authErrorKey } from "@/lib/auth/auth-errors";
import { getFirebaseAuth } from "@/lib/auth/firebase-auth";
import { recordSignup } from "./api/signup";

export type SignupFlowState =
  | { status: "idle" }
  | { status: "working" }
  | { status: "failed"; errorKey: string; email: string }
  | { status: "done" };

/**
 * The sign-up steps of spec 1 §4 outlive the page: creating the identity account swaps the route
 * table (the page remounts), so the progress lives here and the page reads it.
 */
let state: SignupFlowState = { status: "idle" };
const listeners = new Set<() => void>();

function set(next: SignupFlowState) {
  state = next;
  for (const listener of listeners) listener();
}

export function useSignupFlow(): SignupFlowState {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => state,
  );
}

export function resetSignupFlow(): void {
  set({ status: "idle" });
}

/** Identity account, then POST /api/signup, then the verification email. */
export async function runSignup(email: string, password: string): Promise<void> {
  if (state.status === "working") return;
  set({ status: "working" });
  const auth = getFirebaseAuth();
  let user: Awaited<ReturnType<typeof createUserWithEmailAndPassword>>["user"];
  try {
    ({ user } = await createUserWithEmailAndPassword(auth, email.trim(), password));
  } catch (error) {
    set({ status: "failed", errorKey: authErrorKey(error), email });
    return;
  }
  try {
    await recordSignup({ email: email.trim(), firebaseUserId: user.uid });
  } catch (error) {
    if (error instanceof ApiError && error.status === 409 && error.message === SF_ACCOUNT_EXISTS) {
      // The API has removed the identity account; this browser forgets it too.
      await signOut(auth).catch(() => undefined);
      set({ status: "failed", errorKey: SF_ACCOUNT_EXISTS, email });
      return;
    }
    // The city's systems did not take the sign-up: undo the identity account so the same
    // email can simply try again later.
    await user.delete().catch(() => signOut(auth));
    set({ status: "failed", errorKey: "Util.ErrorTryAgainLater", email });
    return;
  }
  // Without the email the user can still ask for another one on the verification page.
  await sendEmailVerification(user, { url: `${window.location.origin}/dashboard` }).catch(() => undefined);
  set({ status: "done" });
}
