import { testAdmin } from "./admin.ts";

interface AccountIds {
  customerId: string;
  locationId: string;
}

const linkId = (uid: string, account: AccountIds) => `${uid}_${account.customerId}_${account.locationId}`;

/** Links a water account to a user as the portal stores the link (billingAccounts/{uid}_{customer}_{location}). */
export async function linkWaterAccount(uid: string, account: AccountIds): Promise<void> {
  await testAdmin()
    .db.collection("billingAccounts")
    .doc(linkId(uid, account))
    .set({ userId: uid, customerId: account.customerId, locationId: account.locationId });
}

export async function unlinkWaterAccount(uid: string, account: AccountIds): Promise<void> {
  await testAdmin().db.collection("billingAccounts").doc(linkId(uid, account)).delete();
}

/** Removes a delinquency batch with its stored rows and its messages (in-app, push, email, text records). */
export async function deleteDelinquencyBatch(batchId: string): Promise<void> {
  const { db } = testAdmin();
  const messages = await db.collection("outbox").where("batchId", "==", `delinquency-${batchId}`).get();
  for (const doc of messages.docs) await doc.ref.delete();
  const chunks = await db.collection("delinquencyBatchRows").where("batchId", "==", batchId).get();
  for (const doc of chunks.docs) await doc.ref.delete();
  await db.collection("delinquencyBatches").doc(batchId).delete();
}
