import { PERSONAL_ORGANIZATION } from "@contract/access";
import type { User } from "firebase/auth";
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from "react";
import {
  AuthContext,
  type AuthContextValue,
  type AuthState,
  readSelectedOrganization,
  resolveOrganizationChoice,
  storeSelectedOrganization,
} from "./auth-state";
import { getCurrentUser } from "./get-current-user";
import { mayHaveSession, onFirebaseAuthStarted, rememberSession } from "./session-hint";
import { onSignInRejected } from "./signed-out-answer";

/**
 * Firebase Auth for the shell, as its own chunk: loaded first thing when this browser may have a
 * session, else only when a page starts Firebase (sign-in), never for a visitor who just reads.
 */
const loadFirebaseSession = () => import("./firebase-session");

type LoadedIdentity = Pick<
  AuthState,
  "authUser" | "isAuthenticated" | "isAdmin" | "isStaff" | "emailVerified" | "organizations"
>;

/** Firebase's refusals that mean the sign-in is over, not that the network failed. */
const SESSION_ENDED_CODES = [
  "auth/user-token-expired",
  "auth/user-disabled",
  "auth/invalid-user-token",
  "auth/user-not-found",
];
const sessionEndedError = (error: unknown) =>
  typeof error === "object" &&
  error !== null &&
  SESSION_ENDED_CODES.includes(String((error as { code?: unknown }).code));

const signedOut: LoadedIdentity = {
  authUser: null,
  isAuthenticated: false,
  isAdmin: false,
  isStaff: false,
  emailVerified: false,
  organizations: [],
};

async function loadIdentity(user: User | null, forceRefresh = false): Promise<LoadedIdentity> {
  if (!user) return signedOut;
  const token = await user.getIdTokenResult(forceRefresh);
  const answer = await getCurrentUser();
  if (!answer) return signedOut;
  // An API deployed before the web app may not list organizations yet: then nobody's are known.
  const { organizations = [], ...authUser } = answer;
  return {
    authUser,
    organizations,
    isAuthenticated: true,
    isAdmin: token.claims.admin === true,
    isStaff: token.claims.staff === true || token.claims.admin === true,
    emailVerified: user.emailVerified,
  };
}

/** Keeps the auth state of spec 1 §3/§4 in step with Firebase Auth and GET /api/auth. */
export function AuthProvider({
  children,
  onFirebaseUser,
  onSessionEnded,
}: {
  children: ReactNode;
  /**
   * Called with the uid as soon as Firebase knows the user, before GET /api/auth answers, so the
   * page's own data can be asked for beside it rather than after it.
   */
  onFirebaseUser?: (uid: string) => void;
  /**
   * A call answered 401 (signed-out-answer.ts) and the session check found the sign-in over (its refresh refused,
   * or GET /api/auth answered 401): called before the signed-out route table is built, so the app can send the
   * user to sign in and bring them back.
   */
  onSessionEnded?: () => void;
}) {
  // A browser that never had a session here is anonymous until Firebase says otherwise (spec 1
  // §2.1's "sign-in state determined" without a 33 KB download on the critical path).
  const [waitsForFirebase] = useState(mayHaveSession);
  const [state, setState] = useState<AuthState>(() => ({
    ...signedOut,
    initializationState: waitsForFirebase ? "not_initialized" : "initialized",
    // Until GET /api/auth says which organizations the user may act for, the remembered choice
    // stands (its pages are in the route table); then it is checked.
    selectedOrganization: readSelectedOrganization(),
    selectedOrganizationInfo: null,
  }));
  const onFirebaseUserRef = useRef(onFirebaseUser);
  onFirebaseUserRef.current = onFirebaseUser;
  const onSessionEndedRef = useRef(onSessionEnded);
  onSessionEndedRef.current = onSessionEnded;
  // Only the newest load may write state; a sign-out during a slow /api/auth must win.
  const loadSequence = useRef(0);

  // Spec 2 §8 (X7): while a call's 401 is being checked, a sign-out found is told first (onSessionEnded), before
  // the signed-out route table is built.
  const sessionCheck = useRef<Promise<boolean> | null>(null);
  const signedInRef = useRef(false);
  signedInRef.current = state.isAuthenticated;
  const signingOut = useRef(false);
  const sessionCheckEnded = useRef(false);
  const sessionEndedIfChecking = useCallback(() => {
    if (!sessionCheck.current || sessionCheckEnded.current) return;
    sessionCheckEnded.current = true;
    // Signed out from here on, before the state says so: a call refused meanwhile ends nothing more.
    signedInRef.current = false;
    onSessionEndedRef.current?.();
  }, []);

  /** Loads the user's identity; true when it is signed in (and this load was the newest). */
  const applyUser = useCallback(
    async (user: User | null, forceRefresh = false): Promise<boolean> => {
      const sequence = ++loadSequence.current;
      const checking = sessionCheck.current !== null;
      rememberSession(user !== null);
      if (!user) {
        sessionEndedIfChecking();
        // Already anonymous and settled: keep the same state object, so nothing re-renders.
        setState((previous) =>
          previous.initializationState === "initialized" && !previous.isAuthenticated
            ? previous
            : { ...previous, ...signedOut, initializationState: "initialized" },
        );
        return false;
      }
      // A session check keeps the page on screen meanwhile (no "initializing").
      if (!checking) setState((previous) => ({ ...previous, initializationState: "initializing" }));
      try {
        const identity = await loadIdentity(user, forceRefresh);
        if (sequence === loadSequence.current) {
          if (!identity.isAuthenticated) sessionEndedIfChecking();
          setState((previous) => {
            const context = resolveOrganizationChoice(previous.selectedOrganization, identity.organizations);
            if (context.selectedOrganization !== previous.selectedOrganization) {
              storeSelectedOrganization(context.selectedOrganization);
            }
            return { ...previous, ...identity, ...context, initializationState: "initialized" };
          });
          return identity.isAuthenticated;
        }
        return false;
      } catch (error) {
        if (sequence !== loadSequence.current) return false;
        if (checking && sessionEndedError(error)) {
          // The identity service refused to refresh the sign-in (revoked, disabled): signed out.
          sessionEndedIfChecking();
          setState((previous) => ({ ...previous, ...signedOut, initializationState: "initialized" }));
        } else if (!checking) {
          setState((previous) => ({ ...previous, ...signedOut, initializationState: "error" }));
        }
        // A session check that could not finish (offline) leaves the page as it was.
        return false;
      }
    },
    [sessionEndedIfChecking],
  );

  // Spec 2 §8 (X7): a billing call answered 401. The app's session check decides, as reloadUser does: a fresh ID
  // token (which the identity service refuses for a revoked or disabled sign-in), then GET /api/auth, whose 401 is
  // signed out as at start. One check at a time, however many calls were refused together. When the sign-in stands
  // (the refused token was stale), each refused call is made once more (signed-out-answer.ts); a call refused again
  // ends the sign-in as a failed check does, so a 401 never loops.
  useEffect(() => {
    const check = async (refusal: "refused" | "refused-again") => {
      sessionCheckEnded.current = false;
      const session = await loadFirebaseSession();
      let stands = false;
      if (refusal === "refused") stands = await applyUser(session.currentUser(), true);
      else {
        ++loadSequence.current;
        sessionEndedIfChecking();
        setState((previous) => ({ ...previous, ...signedOut, initializationState: "initialized" }));
      }
      // Firebase may still hold the sign-in the API refused: dropped, so signing in again (the same person)
      // is a change Firebase reports.
      if (sessionCheckEnded.current && session.currentUser()) await session.signOutUser().catch(() => undefined);
      return stands && !sessionCheckEnded.current;
    };
    return onSignInRejected(async (refusal) => {
      // Only a sign-in the app holds can end: not a visitor's, nor one the user is signing out of herself.
      if (!signedInRef.current || signingOut.current) return false;
      // A refusal after a check found the sign-in standing waits for any check under way, then ends the sign-in.
      if (refusal === "refused-again") {
        while (sessionCheck.current) await sessionCheck.current;
        if (!signedInRef.current) return false;
      }
      // A check that could not finish (Firebase's code did not load: offline) leaves the page as it was.
      sessionCheck.current ??= check(refusal)
        .catch(() => false)
        .finally(() => {
          sessionCheck.current = null;
        });
      return sessionCheck.current;
    });
  }, [applyUser, sessionEndedIfChecking]);

  useEffect(() => {
    let stopWatching: (() => void) | undefined;
    let stopped = false;
    const start = () => {
      if (stopWatching || stopped) return;
      stopWatching = () => undefined;
      void loadFirebaseSession().then((session) => {
        if (stopped) return;
        stopWatching = session.watchUser((user) => {
          if (user) onFirebaseUserRef.current?.(user.uid);
          void applyUser(user);
        });
      });
    };
    // Someone signs in (the login page, sign-up, SSO start Firebase): listen at once. A browser
    // without a session never loads Firebase Auth otherwise (~50 KB a visitor's page does not need,
    // issue 12): every way of signing in goes through getFirebaseAuth, which says so.
    const stopListeningForStart = onFirebaseAuthStarted(start);
    if (waitsForFirebase) start();
    return () => {
      stopped = true;
      stopListeningForStart();
      stopWatching?.();
    };
  }, [applyUser, waitsForFirebase]);

  const value = useMemo<AuthContextValue>(
    () => ({
      ...state,
      selectOrganization: (organizationId) => {
        // Only 'personal' or an organization the user may act for; anything else means personal.
        const context = resolveOrganizationChoice(organizationId, state.organizations);
        storeSelectedOrganization(context.selectedOrganization);
        setState((previous) => ({ ...previous, ...context }));
      },
      signOut: async () => {
        // Signing out clears the session, including whom the user was acting for.
        storeSelectedOrganization(PERSONAL_ORGANIZATION);
        setState((previous) => ({
          ...previous,
          selectedOrganization: PERSONAL_ORGANIZATION,
          selectedOrganizationInfo: null,
        }));
        signingOut.current = true;
        try {
          await (await loadFirebaseSession()).signOutUser();
        } finally {
          signingOut.current = false;
        }
      },
      reloadUser: async () => {
        await applyUser((await loadFirebaseSession()).currentUser(), true);
      },
    }),
    [state, applyUser],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
