import { THROTTLE_COLLECTION } from "../../functions/src/platform/http/throttle.ts";
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
