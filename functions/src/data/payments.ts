import { createHash } from "node:crypto";
import { FieldValue, Timestamp, type UpdateData } from "firebase-admin/firestore";
import { z } from "zod";
import { type DocOf, isAlreadyExists, runTransaction, typedCollection } from "./collection";
import { ZCount, ZText, ZTimestamp } from "./fields";

/**
 * payments/{id}: the portal's payment log (DESIGN.md "Data"), one document per attempt, its id
 * derived from the browser's Idempotency-Key (domains/payments/payment.service.ts). Written before
 * the provider is called and after it answers, so a charge whose answer was lost is found by the
 * reconcile job and never taken or recorded twice.
 *
 * States: `started` (checks running, nothing sent) → `charging` (the gateway was called) →
 * `charged` (money taken, not yet on the account) → `succeeded`; or `refused` (nothing taken).
 */
export const PAYMENT_STATES = ["started", "charging", "charged", "succeeded", "refused"] as const;
export type PaymentRecordState = (typeof PAYMENT_STATES)[number];

export const ZPaymentDoc = z.object({
  state: z.enum(PAYMENT_STATES).catch("refused"),
  /** sha256 of the request (route and body): the same key with another body is a 409. */
  fingerprint: z.string().catch(""),
  uid: ZText,
  paymentType: z.string().catch(""),
  /** customerId-locationId, the license number, or the LPI activity id. */
  accountNumber: z.string().catch(""),
  customerId: ZText,
  locationId: ZText,
  amountCents: ZCount,
  description: z.string().catch(""),
  /**
   * What the payment is paid once for, claimed before the charge (paymentReferences): a form fee's
   * submission, an LPI application, a license and year, a utility account and billing cycle.
   */
  reference: ZText,
  /** The CRM record the payment marks paid once charged (an LPI application, a case's fee), else null. */
  crmRecordId: ZText,
  /** Its object (LPI_Application__c, COE_Permit__c, ...); null on records from before permit fees (LPI). */
  crmRecordType: ZText,
  /** Spec 2 §9: the payment code group the payment is booked under (MISC, BUILDING, UTILITY, PERMIT). */
  codeGroup: ZText,
  gatewayTransactionId: ZText,
  /**
   * A payment made in the provider's hosted frame (CORE): the frame session's token, and when the
   * session ends. The attempt is `charging` while its frame is open; null for the other ways of paying.
   */
  frameToken: ZText,
  frameExpiresAt: ZTimestamp,
  /**
   * A payment city staff took for the payer (issue 31: a card by phone, typed by staff in the
   * gateway's hosted form): the staff member's email; null when the payer paid herself.
   */
  assistedBy: ZText,
  /** "Save this card": the gateway profile the payer's card was saved as, and charged. */
  savedPaymentProfileId: ZText,
  maskedCardNumber: ZText,
  cardType: ZText,
  routingIds: z.array(z.string()).catch([]),
  /** The answer every repeat of the key gets, once the attempt is over. */
  answerStatus: ZCount,
  answerBody: z.string().nullable().catch(null),
  reconcileAttempts: ZCount,
  lastError: ZText,
  createdAt: ZTimestamp,
  chargedAt: ZTimestamp,
  updatedAt: ZTimestamp,
  /**
   * 24 h after the attempt. Informational: payments have no TTL policy (firestore.indexes.json), since
   * the record is the portal's account of money taken and the paid-once checks read it for a whole cycle.
   */
  expiresAt: ZTimestamp,
});
export type PaymentDoc = z.output<typeof ZPaymentDoc>;

export const paymentsCollection = typedCollection("payments", ZPaymentDoc);
const paymentRef = (id: string) => paymentsCollection().doc(id);

export type NewPayment = Pick<
  PaymentDoc,
  "fingerprint" | "uid" | "paymentType" | "accountNumber" | "customerId" | "locationId" | "amountCents" | "description"
>;

/**
 * Claims an attempt's id: true when this call created it, false when it exists already.
 * `create()` refuses an existing document, so of any number of concurrent calls exactly one wins.
 */
export async function claimPayment(id: string, payment: NewPayment, expiresAtMs: number): Promise<boolean> {
  try {
    await paymentRef(id).create({
      ...payment,
      state: "started",
      gatewayTransactionId: null,
      maskedCardNumber: null,
      cardType: null,
      routingIds: [],
      answerStatus: 0,
      answerBody: null,
      reconcileAttempts: 0,
      lastError: null,
      reference: null,
      crmRecordId: null,
      crmRecordType: null,
      codeGroup: null,
      frameToken: null,
      frameExpiresAt: null,
      createdAt: FieldValue.serverTimestamp(),
      chargedAt: null,
      updatedAt: FieldValue.serverTimestamp(),
      expiresAt: Timestamp.fromMillis(expiresAtMs),
    } as unknown as PaymentDoc);
    return true;
  } catch (error) {
    if (isAlreadyExists(error)) return false;
    throw error;
  }
}

export async function readPayment(id: string): Promise<PaymentDoc | undefined> {
  return (await paymentRef(id).get()).data();
}

export type PaymentChanges = { [K in keyof PaymentDoc]?: PaymentDoc[K] | FieldValue };

/** Records a step of the attempt (only the attempt's owner, or the reconcile job, writes it). */
export async function updatePayment(id: string, changes: PaymentChanges): Promise<void> {
  await paymentRef(id).update({ ...changes, updatedAt: FieldValue.serverTimestamp() } as UpdateData<PaymentDoc>);
}

/**
 * Moves an attempt on only if it is still in state `from` (one transaction): true when this call
 * moved it. Of concurrent calls (a frame's report and its repeat, a newer window replacing an older
 * one) exactly one moves it.
 */
export async function advancePayment(id: string, from: PaymentRecordState, changes: PaymentChanges): Promise<boolean> {
  const ref = paymentRef(id);
  return runTransaction(async (tx) => {
    if ((await tx.get(ref)).data()?.state !== from) return false;
    tx.update(ref, { ...changes, updatedAt: FieldValue.serverTimestamp() } as UpdateData<PaymentDoc>);
    return true;
  });
}

/** Payments of one account that took money (charged, or charged and recorded), newest first ("Pay again?"). */
export async function paymentsTakenFor(accountNumber: string): Promise<PaymentDoc[]> {
  // One equality filter and the rest in memory: no composite index, and an account has few payments.
  const snapshot = await paymentsCollection().where("accountNumber", "==", accountNumber).get();
  return snapshot.docs
    .map((doc) => doc.data())
    .filter((payment) => payment.state === "charged" || payment.state === "succeeded")
    .sort((a, b) => (b.chargedAt?.toMillis() ?? 0) - (a.chargedAt?.toMillis() ?? 0));
}

/**
 * paymentReferences/{sha256(reference)}: which attempt may charge a reference that is paid once (a
 * form fee's submission). Two attempts with different Idempotency-Keys (two tabs, a double click
 * after a reload) both find the fee unpaid; each reads the claim and takes it in one transaction,
 * so exactly one holds it, charges, and the other is refused. An attempt that took nothing marks
 * its claim released, and the next attempt takes it over.
 */
export const ZPaymentReferenceDoc = z.object({
  reference: z.string().catch(""),
  paymentId: z.string().catch(""),
  released: z.boolean().catch(false),
  createdAt: ZTimestamp,
});
export const paymentReferencesCollection = typedCollection("paymentReferences", ZPaymentReferenceDoc);

const referenceDocId = (reference: string) => createHash("sha256").update(reference).digest("hex").slice(0, 40);
/** A claim id names the reference's document and the attempt holding it (both hex). */
const claimIdOf = (docId: string, paymentId: string) => `${docId}:${paymentId}`;

/**
 * Claims `reference` for the attempt `paymentId`: the claim's id when it holds it now, null when
 * another attempt holds it (it charged, is charging, or its record has expired: held either way).
 * The holder is read and replaced in one transaction: of attempts that all find the claim free,
 * one takes it and the others, retried by the transaction, find it held.
 */
export async function holdPaymentReference(reference: string, paymentId: string): Promise<string | null> {
  const docId = referenceDocId(reference);
  const claim = paymentReferencesCollection().doc(docId);
  const held = await runTransaction(async (tx) => {
    const holder = (await tx.get(claim)).data();
    if (holder?.paymentId === paymentId && !holder.released) return true;
    if (holder && !holder.released) {
      // A holder whose attempt was refused took nothing (refused is final), even if it never released.
      const attempt = (await tx.get(paymentRef(holder.paymentId))).data();
      if (attempt?.state !== "refused") return false;
    }
    tx.set(claim, {
      reference,
      paymentId,
      released: false,
      createdAt: FieldValue.serverTimestamp(),
    } as unknown as DocOf<typeof ZPaymentReferenceDoc>);
    return true;
  });
  return held ? claimIdOf(docId, paymentId) : null;
}

/** The attempt holding a paid-once reference's claim now, or null when none does (or it released it). */
export async function referenceHolder(reference: string): Promise<string | null> {
  const holder = (await paymentReferencesCollection().doc(referenceDocId(reference)).get()).data();
  return holder && !holder.released ? holder.paymentId : null;
}

/**
 * The attempt holding a claim took nothing: the reference may be paid by another attempt. Only
 * while that attempt still holds it (a transaction), so a late release never frees another's claim.
 */
export async function releasePaymentReference(claimId: string): Promise<void> {
  const [docId = "", paymentId] = claimId.split(":");
  const claim = paymentReferencesCollection().doc(docId);
  await runTransaction(async (tx) => {
    if ((await tx.get(claim)).data()?.paymentId === paymentId) tx.update(claim, { released: true });
  });
}

/** Payments of one reference (a form fee's submission) that took or may have taken money. */
export async function chargedPaymentsFor(reference: string): Promise<PaymentDoc[]> {
  const snapshot = await paymentsCollection().where("reference", "==", reference).get();
  return snapshot.docs
    .map((doc) => doc.data())
    .filter((payment) => payment.state === "charging" || payment.state === "charged" || payment.state === "succeeded");
}

/**
 * The payment that took money for a paid-once reference (a case's fee, an LPI application), with
 * its id (the receipt's), newest first; undefined when none did.
 */
export async function takenPaymentOf(reference: string): Promise<{ id: string; data: PaymentDoc } | undefined> {
  const snapshot = await paymentsCollection().where("reference", "==", reference).get();
  return snapshot.docs
    .map((doc) => ({ id: doc.id, data: doc.data() }))
    .filter(({ data }) => data.state === "charged" || data.state === "succeeded")
    .sort((a, b) => (b.data.chargedAt?.toMillis() ?? 0) - (a.data.chargedAt?.toMillis() ?? 0))[0];
}

/** Attempts in a state not touched since an instant (the reconcile job), with their ids. */
export async function stalePayments(
  state: PaymentRecordState,
  untouchedSinceMs: number,
  limit: number,
): Promise<{ id: string; data: PaymentDoc }[]> {
  const snapshot = await paymentsCollection()
    .where("state", "==", state)
    .where("updatedAt", "<", Timestamp.fromMillis(untouchedSinceMs))
    .orderBy("updatedAt")
    .limit(limit)
    .get();
  return snapshot.docs.map((doc) => ({ id: doc.id, data: doc.data() }));
}

/** A person's last payments through the portal, newest first (the staff console's person view, issue 31). */
export async function paymentsOfUser(uid: string, limit: number): Promise<{ id: string; data: PaymentDoc }[]> {
  const snapshot = await paymentsCollection().where("uid", "==", uid).orderBy("createdAt", "desc").limit(limit).get();
  return snapshot.docs.map((doc) => ({ id: doc.id, data: doc.data() }));
}

/**
 * Payments that took money with the charge made in [startMs, endMs), oldest first, with their ids
 * (the finance export). One range filter on chargedAt: Firestore's single-field index serves it.
 */
export async function paymentsChargedBetween(
  startMs: number,
  endMs: number,
): Promise<{ id: string; data: PaymentDoc }[]> {
  const snapshot = await paymentsCollection()
    .where("chargedAt", ">=", Timestamp.fromMillis(startMs))
    .where("chargedAt", "<", Timestamp.fromMillis(endMs))
    .orderBy("chargedAt")
    .get();
  return snapshot.docs
    .map((doc) => ({ id: doc.id, data: doc.data() }))
    .filter(({ data }) => data.state === "charged" || data.state === "succeeded");
}
