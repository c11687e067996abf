import { createHash } from "node:crypto";
import { FieldValue, Timestamp } from "firebase-admin/firestore";
import { z } from "zod";
import { runTransaction, typedCollection } from "./collection";
import { ZCount, ZText, ZTimestamp } from "./fields";
import { userRef } from "./users";

/**
 * phoneConfirmations/{uid}: the number a user is confirming and a hash of its one-time code (the code
 * itself is never stored), when it expires (for a Firestore TTL policy too) and the wrong codes tried.
 */
export const ZPhoneConfirmationDoc = z.object({
  phone: ZText,
  codeHash: ZText,
  expiresAt: ZTimestamp,
  misses: ZCount,
  sentAt: ZTimestamp,
});
export type PhoneConfirmationDoc = z.output<typeof ZPhoneConfirmationDoc>;

export const phoneConfirmationsCollection = typedCollection("phoneConfirmations", ZPhoneConfirmationDoc);

/** The hash of a code, bound to its user and number so a code is worth nothing elsewhere. */
export const phoneCodeHash = (uid: string, phone: string, code: string) =>
  createHash("sha256").update(`${uid}:${phone}:${code}`).digest("hex");

/** Starts (or restarts) confirming a number: a new code replaces any earlier one and its misses. */
export async function startPhoneConfirmation(uid: string, phone: string, code: string, lifetimeMs: number) {
  await phoneConfirmationsCollection()
    .doc(uid)
    .set({
      phone,
      codeHash: phoneCodeHash(uid, phone, code),
      expiresAt: Timestamp.fromMillis(Date.now() + lifetimeMs),
      misses: 0,
      sentAt: Timestamp.now(),
    });
}

export async function readPhoneConfirmation(uid: string): Promise<PhoneConfirmationDoc | undefined> {
  return (await phoneConfirmationsCollection().doc(uid).get()).data();
}

export type ConfirmOutcome = "confirmed" | "wrong" | "expired" | "none";

/**
 * Checks a code in one transaction: the right code, in time and before `maxMisses` wrong ones, makes the
 * number the user's confirmed text number and ends the confirmation; a wrong one counts a miss (the
 * last allowed miss voids the code).
 */
export async function confirmPhoneCode(
  uid: string,
  code: string,
  maxMisses: number,
): Promise<{ outcome: ConfirmOutcome; phone: string | null }> {
  const ref = phoneConfirmationsCollection().doc(uid);
  return runTransaction(async (transaction) => {
    const pending = (await transaction.get(ref)).data();
    if (!pending?.phone || !pending.codeHash) return { outcome: "none", phone: null };
    const expired = !pending.expiresAt || pending.expiresAt.toMillis() < Date.now() || pending.misses >= maxMisses;
    if (expired) return { outcome: "expired", phone: pending.phone };
    if (phoneCodeHash(uid, pending.phone, code) !== pending.codeHash) {
      transaction.update(ref, { misses: FieldValue.increment(1) });
      return { outcome: pending.misses + 1 >= maxMisses ? "expired" : "wrong", phone: pending.phone };
    }
    transaction.delete(ref);
    transaction.set(userRef(uid), { textPhone: pending.phone, textPhoneConfirmedAt: Timestamp.now() }, { merge: true });
    return { outcome: "confirmed", phone: pending.phone };
  });
}

export async function deletePhoneConfirmation(uid: string): Promise<void> {
  await phoneConfirmationsCollection().doc(uid).delete();
}
