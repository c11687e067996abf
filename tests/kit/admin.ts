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

/**
 * A fingerprint of the given collections, to prove a request changed nothing: each document's id
 * and update time, read without its fields (`select()`), every collection at once. A create or a
 * delete changes the ids, and any write that changes a document moves its update time, so this
 * sees every change that reading whole documents saw, without sending their contents (the portal's
 * translations alone are 3,000 documents and 0.5 MB; reading every field of every collection twice
 * per case made api/bad-input the slowest file of the stack suite).
 */
export async function fingerprint(collections: string[]): Promise<string> {
  const { db } = testAdmin();
  const listed = await Promise.all(
    collections.map(async (name) => {
      const snapshot = await db.collection(name).select().get();
      const docs = snapshot.docs.map((doc) => `${doc.id}@${doc.updateTime.seconds}.${doc.updateTime.nanoseconds}`);
      return `${name}:${JSON.stringify(docs.sort())}`;
    }),
  );
  return createHash("sha256").update(listed.join("\n")).digest("hex");
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
