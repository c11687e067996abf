import { Timestamp } from "firebase-admin/firestore";
import { z } from "zod";
import { isAlreadyExists, typedCollection } from "./collection";
import { ZCount, ZText, ZTimestamp } from "./fields";

/**
 * throttles/{bucket}_{slot}: one slot of a throttle window (platform/http/throttle.ts). `bucket`
 * names the rule, a hash of the key and the window; `expiresAt` is the window's end, for a
 * Firestore TTL policy in production.
 */
export const ZThrottleSlotDoc = z.object({
  bucket: ZText,
  rule: ZText,
  slot: ZCount,
  createdAt: ZTimestamp,
  expiresAt: ZTimestamp,
});
export type ThrottleSlotDoc = z.output<typeof ZThrottleSlotDoc>;

export const throttlesCollection = typedCollection("throttles", ZThrottleSlotDoc);

/** How many slots of a window are taken (a count aggregate: no document is read). */
export async function takenSlotCount(bucket: string): Promise<number> {
  return (await throttlesCollection().where("bucket", "==", bucket).count().get()).data().count;
}

/** The slot numbers of a window that are taken. */
export async function takenSlots(bucket: string): Promise<Set<number>> {
  const snapshot = await throttlesCollection().where("bucket", "==", bucket).get();
  return new Set(snapshot.docs.map((doc) => doc.data().slot));
}

/**
 * Creates a slot document; false when it exists (taken by another request). `create()` refuses an
 * existing document, so two concurrent requests never both get one slot.
 */
export async function createSlot(
  bucket: string,
  rule: string,
  slot: number,
  now: number,
  windowEnd: number,
): Promise<(() => Promise<void>) | null> {
  const ref = throttlesCollection().doc(`${bucket}_${slot}`);
  try {
    await ref.create({
      bucket,
      rule,
      slot,
      createdAt: Timestamp.fromMillis(now),
      expiresAt: Timestamp.fromMillis(windowEnd),
    });
  } catch (error) {
    if (isAlreadyExists(error)) return null;
    throw error;
  }
  return () => ref.delete().then(() => undefined);
}
