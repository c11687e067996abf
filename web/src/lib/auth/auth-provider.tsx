import { PERSONAL_ORGANIZATION } from "@contract/access";
import { signOut as firebaseSignOut, onAuthStateChanged, type User } from "firebase/auth";
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { setIdTokenSource } from "@/lib/api-client";
import {
  AuthContext,
  type AuthContextValue,
  type AuthState,
  readSelectedOrganization,
  storeSelectedOrganization,
} from "./auth-state";
import { getFirebaseAuth } from "./firebase-auth";
import { getCurrentUser } from "./get-current-user";

type LoadedIdentity = Pick<AuthState, "authUser" | "isAuthenticated" | "isAdmin" | "emailVerified">;

const signedOut: LoadedIdentity = { authUser: null, isAuthenticated: false, isAdmin: false, emailVerified: false };

async function loadIdentity(user: User | null, forceRefresh = false): Promise<LoadedIdentity> {
  if (!user) return signedOut;
  const token = await user.getIdTokenResult(forceRefresh);
  const authUser = await getCurrentUser();
  if (!authUser) return signedOut;
  return {
    authUser,
    isAuthenticated: true,
    isAdmin: token.claims.admin === true,
    emailVerified: user.emailVerified,
  };
}

/** Keeps the auth state of spec 1 §3/§4 in step with Firebase Auth and GET /api/auth. */
export function AuthProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<AuthState>(() => ({
    ...signedOut,
    initializationState: "not_initialized",
    selectedOrganization: readSelectedOrganization(),
  }));
  // Only the newest load may write state; a sign-out during a slow /api/auth must win.
  const loadSequence = useRef(0);

  const applyUser = useCallback(async (user: User | null, forceRefresh = false) => {
    const sequence = ++loadSequence.current;
    setState((previous) => ({ ...previous, initializationState: "initializing" }));
    try {
      const identity = await loadIdentity(user, forceRefresh);
      if (sequence === loadSequence.current) {
        setState((previous) => ({ ...previous, ...identity, initializationState: "initialized" }));
      }
    } catch {
      if (sequence === loadSequence.current) {
        setState((previous) => ({ ...previous, ...signedOut, initializationState: "error" }));
      }
    }
  }, []);

  useEffect(() => {
    const auth = getFirebaseAuth();
    setIdTokenSource(async () => (auth.currentUser ? auth.currentUser.getIdToken() : null));
    return onAuthStateChanged(auth, (user) => {
      void applyUser(user);
    });
  }, [applyUser]);

  const value = useMemo<AuthContextValue>(
    () => ({
      ...state,
      selectOrganization: (organizationId) => {
        storeSelectedOrganization(organizationId);
        setState((previous) => ({ ...previous, selectedOrganization: organizationId }));
      },
      signOut: async () => {
        // Signing out clears the session, including whom the user was acting for.
        storeSelectedOrganization(PERSONAL_ORGANIZATION);
        setState((previous) => ({ ...previous, selectedOrganization: PERSONAL_ORGANIZATION }));
        await firebaseSignOut(getFirebaseAuth());
      },
      reloadUser: () => applyUser(getFirebaseAuth().currentUser, true),
    }),
    [state, applyUser],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
