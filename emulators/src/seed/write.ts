import type { Auth } from "firebase-admin/auth";
import type { Firestore } from "firebase-admin/firestore";

export interface SeedContext {
  auth: Auth;
  db: Firestore;
  repoRoot: string;
}

/** Writes documents in batches (Firestore allows 500 writes per batch). */
export async function writeAll(
  db: Firestore,
  collection: string,
  docs: { id: string; data: Record<string, unknown> }[],
) {
  for (let start = 0; start < docs.length; start += 400) {
    const batch = db.batch();
    for (const doc of docs.slice(start, start + 400)) batch.set(db.collection(collection).doc(doc.id), doc.data);
    await batch.commit();
  }
}
