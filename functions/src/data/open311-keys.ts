import { createHash } from "node:crypto";
import { Timestamp } from "firebase-admin/firestore";
import { z } from "zod";
import { typedCollection } from "./collection";
import { ZCount, ZText, ZTimestamp } from "./fields";

/**
 * open311Keys/{sha256 of the key}: an app's Open311 API key (issue 30). Only the hash is stored, as
 * the document id, so a request's key is found with one read and a leaked database holds no key.
 */
export const ZOpen311KeyDoc = z.object({
  name: ZText,
  limitPerHour: ZCount,
  prefix: ZText,
  createdBy: ZText,
  createdAt: ZTimestamp,
  revokedAt: ZTimestamp,
  revokedBy: ZText,
});
export type Open311KeyDoc = z.output<typeof ZOpen311KeyDoc>;

export const open311KeysCollection = typedCollection("open311Keys", ZOpen311KeyDoc);

/** The stored id of a key: its SHA-256 in hex (the key is 32 random bytes, so no salt is needed). */
export const open311KeyId = (key: string) => createHash("sha256").update(key, "utf8").digest("hex");

export async function createOpen311Key(id: string, doc: Omit<Open311KeyDoc, "createdAt" | "revokedAt" | "revokedBy">) {
  const stored = { ...doc, createdAt: Timestamp.now(), revokedAt: null, revokedBy: null };
  await open311KeysCollection().doc(id).create(stored);
  return stored;
}

export async function readOpen311Key(id: string): Promise<Open311KeyDoc | undefined> {
  return (await open311KeysCollection().doc(id).get()).data();
}

export async function listOpen311Keys(): Promise<{ id: string; data: Open311KeyDoc }[]> {
  const snapshot = await open311KeysCollection().orderBy("createdAt", "desc").limit(500).get();
  return snapshot.docs.map((doc) => ({ id: doc.id, data: doc.data() }));
}

/** Revokes a key (kept, so the cases it filed still name their app); false when there is no such key. */
export async function revokeOpen311Key(id: string, by: string): Promise<boolean> {
  const ref = open311KeysCollection().doc(id);
  const current = (await ref.get()).data();
  if (!current) return false;
  if (!current.revokedAt) await ref.update({ revokedAt: Timestamp.now(), revokedBy: by });
  return true;
}
