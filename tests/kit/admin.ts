import { createHash } from "node:crypto";
import { getApps, initializeApp } from "firebase-admin/app";
import { getAuth } from "firebase-admin/auth";
import { getFirestore } from "firebase-admin/firestore";
import { PROJECT_ID, stackInfo } from "./stack-info.ts";

/** firebase-admin pointed at the test stack's emulators, to check stored data. */
export function testAdmin() {
  const { ports } = stackInfo();
  process.env.FIRESTORE_EMULATOR_HOST = `127.0.0.1:${ports.firestore}`;
  process.env.FIREBASE_AUTH_EMULATOR_HOST = `127.0.0.1:${ports.auth}`;
  const app = getApps()[0] ?? initializeApp({ projectId: PROJECT_ID });
  return { db: getFirestore(app), auth: getAuth(app) };
}

/** A fingerprint of every document of the given collections, to prove a request changed nothing. */
export async function fingerprint(collections: string[]): Promise<string> {
  const { db } = testAdmin();
  const hash = createHash("sha256");
  for (const name of collections) {
    const snapshot = await db.collection(name).get();
    const docs = snapshot.docs.map((doc) => [doc.id, JSON.stringify(doc.data())] as const).sort();
    hash.update(`${name}:${JSON.stringify(docs)}`);
  }
  return hash.digest("hex");
}

/**
 * A file's cleanup: deletes the users it created (the Auth account and users/{uid}); `also` removes
 * what else each one left behind.
 */
export async function deleteCreatedUsers(
  uids: readonly string[],
  also?: (db: ReturnType<typeof testAdmin>["db"], uid: string) => Promise<void>,
): Promise<void> {
  const { auth, db } = testAdmin();
  for (const uid of uids) {
    await auth.deleteUser(uid).catch(() => undefined);
    await db.collection("users").doc(uid).delete();
    await also?.(db, uid);
  }
}
