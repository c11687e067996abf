import { useEffect, useSyncExternalStore } from "react";
import { useAuth } from "@/lib/auth/auth-state";
import { recordSession, sessionRecorded } from "./api/record-session";
import { verifyEmailRecord } from "./api/verify-email";

const ACTION_PARAMS = ["mode", "oobCode", "apiKey", "continueUrl", "lang"];

/**
 * The verification code of an email link (spec 1 §2.1: oobCode on any page), read once when the
 * app loads, before any route redirect can drop the query. Password-reset codes belong to
 * /resetPassword and stay where they are.
 */
function takeVerificationCodeFromUrl(): string | null {
  if (typeof window === "undefined") return null;
  const url = new URL(window.location.href);
  const code = url.searchParams.get("oobCode");
  const mode = url.searchParams.get("mode");
  if (!code || (mode && mode !== "verifyEmail")) return null;
  for (const name of ACTION_PARAMS) url.searchParams.delete(name);
  window.history.replaceState(window.history.state, "", `${url.pathname}${url.search}${url.hash}`);
  return code;
}

let pendingVerificationCode = takeVerificationCodeFromUrl();

type LinkOutcome = "none" | "verified" | "invalid";
let linkOutcome: LinkOutcome = "none";
const outcomeListeners = new Set<() => void>();
function setLinkOutcome(next: LinkOutcome) {
  linkOutcome = next;
  for (const listener of outcomeListeners) listener();
}

/** What became of a verification link opened in this page load (the verification page shows it). */
export function useVerificationLinkOutcome(): LinkOutcome {
  return useSyncExternalStore(
    (listener) => {
      outcomeListeners.add(listener);
      return () => outcomeListeners.delete(listener);
    },
    () => linkOutcome,
  );
}

/**
 * App-wide sign-in side effects: applies an email verification link, writes the once-per-session
 * user session record, and fixes the server's Verified flag when the identity provider says the
 * email is verified (spec 1 §4).
 */
export function useAuthSessionEffects(): void {
  const { initializationState, authUser, emailVerified, reloadUser } = useAuth();
  const ready = initializationState === "initialized";
  const uid = authUser?.Id ?? null;

  useEffect(() => {
    if (!ready || !pendingVerificationCode) return;
    const code = pendingVerificationCode;
    pendingVerificationCode = null;
    void (async () => {
      // Firebase Auth is its own chunk, loaded here only when a link brought a code.
      const [{ applyActionCode }, { getFirebaseAuth }] = await Promise.all([
        import("firebase/auth"),
        import("@/lib/auth/firebase-auth"),
      ]);
      const auth = getFirebaseAuth();
      try {
        await applyActionCode(auth, code);
      } catch {
        setLinkOutcome("invalid");
        return;
      }
      setLinkOutcome("verified");
      // Firebase may have been started just now (a visitor's first page): let it restore the session.
      await auth.authStateReady();
      if (!auth.currentUser) return;
      await auth.currentUser.reload();
      await auth.currentUser.getIdToken(true);
      await verifyEmailRecord().catch(() => undefined);
      await reloadUser();
    })();
  }, [ready, reloadUser]);

  useEffect(() => {
    if (!ready || !uid || sessionRecorded(uid)) return;
    void recordSession(uid, false).catch(() => undefined);
    if (emailVerified) void verifyEmailRecord().catch(() => undefined);
  }, [ready, uid, emailVerified]);
}
