import { getApps, initializeApp } from "firebase-admin/app";
import { getAuth } from "firebase-admin/auth";
import { getFirestore } from "firebase-admin/firestore";

/** The one firebase-admin app of this process (emulators are picked up from *_EMULATOR_HOST). */
export function adminApp() {
  return getApps()[0] ?? initializeApp();
}

export const db = () => getFirestore(adminApp());
export const adminAuth = () => getAuth(adminApp());
