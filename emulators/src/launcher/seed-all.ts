import { getApps, initializeApp } from "firebase-admin/app";
import { getAuth } from "firebase-admin/auth";
import { getFirestore } from "firebase-admin/firestore";
import { seedPortal } from "../seed/seed-portal.ts";
import { PROJECT_ID, repoRoot } from "./stack-files.ts";

/** Seeds the Auth emulator and Firestore through firebase-admin (emulator hosts come from the environment). */
export async function seedAll(): Promise<void> {
  const app = getApps()[0] ?? initializeApp({ projectId: PROJECT_ID });
  await seedPortal({ auth: getAuth(app), db: getFirestore(app), repoRoot });
}
