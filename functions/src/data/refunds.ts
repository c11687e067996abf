import { FieldValue, Timestamp, type UpdateData } from "firebase-admin/firestore";
import { z } from "zod";
import { isAlreadyExists, typedCollection } from "./collection";
import { ZCount, ZText, ZTimestamp } from "./fields";

/**
 * refunds/{id}: the portal's refund log (issue 32 "Refunds"), one document per refund attempt, its
 * id derived from the admin and the browser's Idempotency-Key, as a payment's is: claimed with
 * create() before the gateway is called, so a repeat never refunds twice.
 *
 * States: `started` → `refunding` (the gateway was called) → `refunded`; or `refused` (nothing refunded).
 */
export const REFUND_STATES = ["started", "refunding", "refunded", "refused"] as const;

export const ZRefundDoc = z.object({
  state: z.enum(REFUND_STATES).catch("refused"),
  /** sha256 of the payment and the request body: the same key with another body is a 409. */
  fingerprint: z.string().catch(""),
  paymentId: z.string().catch(""),
  /** The payer (null for a guest's payment). */
  uid: ZText,
  actorUid: z.string().catch(""),
  amountCents: ZCount,
  reason: z.string().catch(""),
  /** Copied from the payment for the finance export. */
  accountNumber: z.string().catch(""),
  paymentType: z.string().catch(""),
  codeGroup: ZText,
  gatewayTransactionId: ZText,
  gatewayRefundId: ZText,
  answerStatus: ZCount,
  answerBody: z.string().nullable().catch(null),
  createdAt: ZTimestamp,
  refundedAt: ZTimestamp,
  updatedAt: ZTimestamp,
});
export type RefundDoc = z.output<typeof ZRefundDoc>;

const refundsCollection = typedCollection("refunds", ZRefundDoc);

export type NewRefund = Pick<
  RefundDoc,
  | "fingerprint"
  | "paymentId"
  | "uid"
  | "actorUid"
  | "amountCents"
  | "reason"
  | "accountNumber"
  | "paymentType"
  | "codeGroup"
  | "gatewayTransactionId"
>;

/** Claims a refund attempt's id: true when this call created it (of concurrent calls exactly one). */
export async function claimRefund(id: string, refund: NewRefund): Promise<boolean> {
  try {
    await refundsCollection()
      .doc(id)
      .create({
        ...refund,
        state: "started",
        gatewayRefundId: null,
        answerStatus: 0,
        answerBody: null,
        createdAt: FieldValue.serverTimestamp(),
        refundedAt: null,
        updatedAt: FieldValue.serverTimestamp(),
      } as unknown as RefundDoc);
    return true;
  } catch (error) {
    if (isAlreadyExists(error)) return false;
    throw error;
  }
}

export async function readRefund(id: string): Promise<RefundDoc | undefined> {
  return (await refundsCollection().doc(id).get()).data();
}

export type RefundChanges = { [K in keyof RefundDoc]?: RefundDoc[K] | FieldValue };

export async function updateRefund(id: string, changes: RefundChanges): Promise<void> {
  await refundsCollection()
    .doc(id)
    .update({ ...changes, updatedAt: FieldValue.serverTimestamp() } as UpdateData<RefundDoc>);
}

/** The refunds made of one payment, oldest first. */
export async function refundsOfPayment(paymentId: string): Promise<{ id: string; data: RefundDoc }[]> {
  const snapshot = await refundsCollection().where("paymentId", "==", paymentId).get();
  return snapshot.docs
    .map((doc) => ({ id: doc.id, data: doc.data() }))
    .filter(({ data }) => data.state === "refunded")
    .sort((a, b) => (a.data.refundedAt?.toMillis() ?? 0) - (b.data.refundedAt?.toMillis() ?? 0));
}

/** Refunds made in [startMs, endMs), oldest first (the finance export). */
export async function refundsBetween(startMs: number, endMs: number): Promise<{ id: string; data: RefundDoc }[]> {
  const snapshot = await refundsCollection()
    .where("refundedAt", ">=", Timestamp.fromMillis(startMs))
    .where("refundedAt", "<", Timestamp.fromMillis(endMs))
    .orderBy("refundedAt")
    .get();
  return snapshot.docs.map((doc) => ({ id: doc.id, data: doc.data() }));
}

/** The refunds made of these payments (the admin user view's refunded sums); `in` takes 30 values a query. */
export async function refundsOfPayments(paymentIds: string[]): Promise<{ id: string; data: RefundDoc }[]> {
  const chunks: string[][] = [];
  for (let start = 0; start < paymentIds.length; start += 30) chunks.push(paymentIds.slice(start, start + 30));
  const snapshots = await Promise.all(chunks.map((chunk) => refundsCollection().where("paymentId", "in", chunk).get()));
  return snapshots
    .flatMap((snapshot) => snapshot.docs.map((doc) => ({ id: doc.id, data: doc.data() })))
    .filter(({ data }) => data.state === "refunded");
}

/** The last refunds made to a payer, newest first (her payment history). */
export async function refundsToPerson(uid: string, limit: number): Promise<{ id: string; data: RefundDoc }[]> {
  const snapshot = await refundsCollection()
    .where("uid", "==", uid)
    .where("state", "==", "refunded")
    .orderBy("refundedAt", "desc")
    .limit(limit)
    .get();
  return snapshot.docs.map((doc) => ({ id: doc.id, data: doc.data() }));
}

/**
 * The last refunds of payments to these accounts (customerId-locationId), newest first: an
 * organization's payment history. At most 30 accounts (`in`); an organization has a handful.
 */
export async function refundsOnAccounts(
  accountNumbers: string[],
  limit: number,
): Promise<{ id: string; data: RefundDoc }[]> {
  if (accountNumbers.length === 0) return [];
  const snapshot = await refundsCollection()
    .where("accountNumber", "in", accountNumbers.slice(0, 30))
    .where("state", "==", "refunded")
    .orderBy("refundedAt", "desc")
    .limit(limit)
    .get();
  return snapshot.docs.map((doc) => ({ id: doc.id, data: doc.data() }));
}
