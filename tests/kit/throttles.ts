import { Timestamp } from "firebase-admin/firestore";
import type { ThrottleRule } from "../../functions/src/platform/http/route.ts";
import { THROTTLE_COLLECTION, throttleBucket } from "../../functions/src/platform/http/throttle.ts";
import { testAdmin } from "./admin.ts";

/**
 * Forgets every throttle window. Each stack test file starts with this (kit/stack-setup.ts): the
 * suites sign in the same seeded users from one address, so budgets used by one file must not
 * refuse the next. Production limits are unchanged; only the test stack's state is cleared.
 */
export async function resetThrottles(): Promise<void> {
  const { db } = testAdmin();
  const slots = await db.collection(THROTTLE_COLLECTION).get();
  for (let start = 0; start < slots.docs.length; start += 400) {
    const batch = db.batch();
    for (const doc of slots.docs.slice(start, start + 400)) batch.delete(doc.ref);
    await batch.commit();
  }
}

/**
 * Takes `count` slots (default: all) of the rule's current window for this key, as earlier
 * requests would have; with `nextWindowToo`, of the next window as well (a request sent just after
 * a boundary would find the new window empty).
 */
export async function takeThrottleSlots(
  rule: ThrottleRule,
  key: string,
  { count = rule.limit, nextWindowToo = false }: { count?: number; nextWindowToo?: boolean } = {},
): Promise<void> {
  const { db } = testAdmin();
  const now = Date.now();
  const current = throttleBucket(rule, key, now);
  const windows = nextWindowToo ? [current, throttleBucket(rule, key, current.windowEnd)] : [current];
  const batch = db.batch();
  for (const { bucket, windowEnd } of windows) {
    for (let slot = 0; slot < count; slot++) {
      batch.set(db.collection(THROTTLE_COLLECTION).doc(`${bucket}_${slot}`), {
        bucket,
        rule: rule.name,
        slot,
        createdAt: Timestamp.fromMillis(now),
        expiresAt: Timestamp.fromMillis(windowEnd),
      });
    }
  }
  await batch.commit();
}
