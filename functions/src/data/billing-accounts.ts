import { FieldValue, type WriteBatch } from "firebase-admin/firestore";
import { z } from "zod";
import { type BillingAccountLink, type BillingAccountOwner, billingAccountDocId } from "../contract/billing-account";
import { isAlreadyExists, typedCollection } from "./collection";
import { ZText, ZTimestamp } from "./fields";

/** billingAccounts/{owner}_{customer}_{location}: a water account linked to a user or an organization. */
export const ZBillingAccountDoc = z.object({
  userId: ZText,
  organizationId: ZText,
  customerId: ZText,
  locationId: ZText,
  streetNumber: ZText,
  serviceAddress: ZText,
  createdAt: ZTimestamp,
});
export type BillingAccountDoc = z.output<typeof ZBillingAccountDoc>;

export const billingAccountsCollection = typedCollection("billingAccounts", ZBillingAccountDoc);

/** The accounts linked to a user or to an organization (complete ones only), in id order. */
export async function billingAccountsOwnedBy(
  owner: BillingAccountOwner,
): Promise<{ id: string; data: BillingAccountDoc & { customerId: string; locationId: string } }[]> {
  const collection = billingAccountsCollection();
  const snapshot =
    "organizationId" in owner
      ? await collection.where("organizationId", "==", owner.organizationId).get()
      : await collection.where("userId", "==", owner.userId).get();
  return snapshot.docs
    .map((doc) => ({ id: doc.id, data: doc.data() }))
    .filter((entry): entry is { id: string; data: BillingAccountDoc & { customerId: string; locationId: string } } =>
      Boolean(entry.data.customerId && entry.data.locationId),
    )
    .sort((a, b) => a.id.localeCompare(b.id));
}

/** The portal users who hold one utility account (its links owned by a user, not an organization). */
export async function holdersOfBillingAccount(customerId: string, locationId: string): Promise<string[]> {
  const snapshot = await billingAccountsCollection()
    .where("customerId", "==", customerId)
    .where("locationId", "==", locationId)
    .get();
  const holders = snapshot.docs.map((doc) => doc.data().userId).filter((uid): uid is string => Boolean(uid));
  return [...new Set(holders)];
}

/** Every account linked to a user, as stored (the profile details). */
export async function billingAccountsOfUser(uid: string): Promise<BillingAccountDoc[]> {
  const snapshot = await billingAccountsCollection().where("userId", "==", uid).get();
  return snapshot.docs.map((doc) => doc.data());
}

/** Adds the link of an account to a batch; linking the same account twice is the same write. */
export function linkBillingAccount(batch: WriteBatch, record: BillingAccountLink): void {
  const owner: BillingAccountOwner = record.organizationId
    ? { organizationId: record.organizationId }
    : { userId: String(record.userId) };
  const ref = billingAccountsCollection().doc(billingAccountDocId(owner, record.customerId, record.locationId));
  batch.set(ref, { ...record, createdAt: FieldValue.serverTimestamp() });
}

/**
 * Links an account to its owner, refusing a second link of the same pair: create() on the
 * one-document-per-pair id (DESIGN.md: uniqueness rests on create()). False when it exists.
 */
export async function createBillingAccountLink(record: BillingAccountLink): Promise<boolean> {
  const owner: BillingAccountOwner = record.organizationId
    ? { organizationId: record.organizationId }
    : { userId: String(record.userId) };
  const ref = billingAccountsCollection().doc(billingAccountDocId(owner, record.customerId, record.locationId));
  try {
    await ref.create({ ...record, createdAt: FieldValue.serverTimestamp() });
    return true;
  } catch (error) {
    if (isAlreadyExists(error)) return false;
    throw error;
  }
}

/** Removes an owner's link of an account; false when there was none. */
export async function deleteBillingAccountLink(
  owner: BillingAccountOwner,
  customerId: string,
  locationId: string,
): Promise<boolean> {
  const ref = billingAccountsCollection().doc(billingAccountDocId(owner, customerId, locationId));
  if (!(await ref.get()).exists) return false;
  await ref.delete();
  return true;
}
