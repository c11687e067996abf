import { initializeApp } from "firebase/app";
import {
  type Auth,
  browserLocalPersistence,
  connectAuthEmulator,
  indexedDBLocalPersistence,
  initializeAuth,
} from "firebase/auth";
import { env } from "@/config/env";
import { setIdTokenSource } from "@/lib/api-client";
import { notifyFirebaseAuthStarted } from "./session-hint";

let auth: Auth | undefined;

/**
 * The Firebase Auth instance. initializeAuth without popupRedirectResolver keeps the popup and
 * redirect code out of the first-page bundle; the login page passes a resolver when it needs one.
 */
export function getFirebaseAuth(): Auth {
  if (auth) return auth;
  const config = env();
  const app = initializeApp(config.firebase);
  auth = initializeAuth(app, { persistence: [indexedDBLocalPersistence, browserLocalPersistence] });
  if (config.authEmulatorUrl) {
    // disableWarnings also drops the emulator banner, which would otherwise sit in the page's DOM.
    connectAuthEmulator(auth, config.authEmulatorUrl, { disableWarnings: true });
  }
  // API calls carry the signed-in user's token from the moment Firebase Auth exists. Registered
  // here, not when the shell's auth listener loads (its own chunk): the login form's session
  // record went out without a token, and was refused, whenever sign-in beat that chunk (CI).
  const signedIn = auth;
  setIdTokenSource(async () => (signedIn.currentUser ? signedIn.currentUser.getIdToken() : null));
  // The shell listens to Firebase only once told (a visitor without a session never loads it).
  queueMicrotask(notifyFirebaseAuthStarted);
  return auth;
}
