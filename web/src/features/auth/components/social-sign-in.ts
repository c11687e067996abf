import {
  browserPopupRedirectResolver,
  FacebookAuthProvider,
  GoogleAuthProvider,
  OAuthProvider,
  signInWithPopup,
  type UserCredential,
} from "firebase/auth";
import { getFirebaseAuth } from "@/lib/auth/firebase-auth";

export type SocialProvider = "google" | "apple" | "facebook";

/**
 * Pop-up sign-in with Google, Apple or Facebook (spec 1 §7). Loaded with import() from the login
 * page only, so the pop-up resolver stays out of every other page's code.
 */
export function signInWithProvider(provider: SocialProvider): Promise<UserCredential> {
  const authProvider =
    provider === "google"
      ? new GoogleAuthProvider()
      : provider === "facebook"
        ? new FacebookAuthProvider()
        : new OAuthProvider("apple.com");
  if (provider === "apple") {
    (authProvider as OAuthProvider).addScope("email");
    (authProvider as OAuthProvider).addScope("name");
  }
  return signInWithPopup(getFirebaseAuth(), authProvider, browserPopupRedirectResolver);
}
