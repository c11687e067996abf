import { signOut as firebaseSignOut, onAuthStateChanged, type User } from "firebase/auth";
import { getFirebaseAuth } from "./firebase-auth";

/**
 * The part of Firebase Auth the app shell needs, loaded on demand (auth-provider.tsx): first thing
 * when this browser may have a session, else when a page starts Firebase Auth (signing in).
 */
export const watchUser = (onUser: (user: User | null) => void) => onAuthStateChanged(getFirebaseAuth(), onUser);
export const currentUser = () => getFirebaseAuth().currentUser;
export const signOutUser = () => firebaseSignOut(getFirebaseAuth());
