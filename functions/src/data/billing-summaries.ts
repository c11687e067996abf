import { Timestamp } from "firebase-admin/firestore";
import { z } from "zod";
import { db } from "../platform/firebase";
import { newBatch, typedCollection } from "./collection";
import { ZCount, ZFlag, ZText, ZTimestamp } from "./fields";

/**
 * billingSummaries/{customerId}-{locationId}: what the billing system last said a water account
 * owes (the dashboard's bill-pay panel), when it said so, and when a portal user last looked at
 * it. The billing-refresh job keeps the summaries of recently viewed accounts fresh, so a view
 * reads Firestore instead of asking the billing system each time.
 */
export const ZBillingSummaryDoc = z.object({
  customerId: ZText,
  locationId: ZText,
  /** The lookup answered ErrorCode 0000. */
  found: ZFlag,
  amountDueCents: ZCount,
  /** YYYY-MM-DD, or null. */
  dueDate: ZText,
  refreshedAt: ZTimestamp,
  viewedAt: ZTimestamp,
});
export type BillingSummaryDoc = z.output<typeof ZBillingSummaryDoc>;

export const billingSummariesCollection = typedCollection("billingSummaries", ZBillingSummaryDoc);

export interface UtilityAccountIds {
  customerId: string;
  locationId: string;
}

/** What the billing system said about an account. */
export interface BillingSummary extends UtilityAccountIds {
  found: boolean;
  amountDueCents: number;
  dueDate: string | null;
}

const docId = (account: UtilityAccountIds) => `${account.customerId}-${account.locationId}`;

/** The stored summaries of some accounts, by `customerId-locationId` (missing ones absent). */
export async function billingSummariesOf(
  accounts: readonly UtilityAccountIds[],
): Promise<Map<string, BillingSummaryDoc>> {
  if (accounts.length === 0) return new Map();
  const collection = billingSummariesCollection();
  const snapshots = await db().getAll(...accounts.map((account) => collection.doc(docId(account))));
  const found = new Map<string, BillingSummaryDoc>();
  for (const snapshot of snapshots) {
    const data = snapshot.data();
    if (data) found.set(snapshot.id, data as BillingSummaryDoc);
  }
  return found;
}

/**
 * Saves fresh summaries (refreshedAt now) and marks accounts viewed (viewedAt now), in one batch.
 * A summary saved without `viewed` keeps its viewedAt: the job refreshing an account is no view.
 */
export async function saveBillingSummaries(
  writes: readonly { account: UtilityAccountIds; summary?: BillingSummary; viewed?: boolean }[],
  nowMs = Date.now(),
): Promise<void> {
  if (writes.length === 0) return;
  const now = Timestamp.fromMillis(nowMs);
  const batch = newBatch();
  const collection = billingSummariesCollection();
  for (const { account, summary, viewed } of writes) {
    const fields: Partial<BillingSummaryDoc> = { customerId: account.customerId, locationId: account.locationId };
    if (summary) Object.assign(fields, { ...summary, refreshedAt: now });
    if (viewed) fields.viewedAt = now;
    batch.set(collection.doc(docId(account)), fields as BillingSummaryDoc, { merge: true });
  }
  await batch.commit();
}

/** The accounts someone viewed since `sinceMs` (the billing-refresh job's work list). */
export async function billingSummariesViewedSince(sinceMs: number): Promise<(UtilityAccountIds & BillingSummaryDoc)[]> {
  const snapshot = await billingSummariesCollection().where("viewedAt", ">=", Timestamp.fromMillis(sinceMs)).get();
  return snapshot.docs
    .map((doc) => doc.data())
    .filter((data): data is UtilityAccountIds & BillingSummaryDoc => Boolean(data.customerId && data.locationId));
}

/** Drops an account's summary (a payment changed what it owes): the next view asks the billing system. */
export async function forgetBillingSummary(account: UtilityAccountIds): Promise<void> {
  await billingSummariesCollection().doc(docId(account)).delete();
}
