import { z } from "zod";

/**
 * Refunds (issue 32, after GOV.UK Pay): what the admin's refund form sends and what the refund
 * routes answer. Money in integer cents.
 */

/** The most one refund request may name (the gateway refuses more than is left anyway). */
export const REFUND_MAX_CENTS = 100_000_000;
export const REFUND_REASON_MAX = 500;

/** POST /api/payment/:paymentId/refunds (with an Idempotency-Key header). */
export const ZRefundCreate = z
  .object({
    // Empty (null) is Required; what is not an amount (NaN, from the money field) is Invalid.
    amountCents: z
      .number({ error: (issue) => (issue.input === null || issue.input === undefined ? "Required" : "Invalid") })
      .int({ message: "Invalid" })
      .min(1, { message: "Invalid" })
      .max(REFUND_MAX_CENTS, { message: "Invalid" }),
    /** What the admin was shown as still refundable (GET): the gateway checks it at the moment of the refund. */
    refundAmountAvailable: z.number().int().min(0).max(REFUND_MAX_CENTS),
    reason: z.string().trim().min(1, { message: "Required" }).max(REFUND_REASON_MAX, { message: "TooLong" }),
  })
  .strict();
export type RefundCreate = z.output<typeof ZRefundCreate>;

/** A refund's answer, stored so every repeat of its key gets the same one. */
export interface RefundResult {
  refundId: string;
  paymentId: string;
  /** The payer, for the audit trail (null for a guest's payment). */
  personUid: string | null;
  amountCents: number;
  /** What is left to refund after this refund, as the gateway has it. */
  refundAmountAvailable: number;
  refundedAt: string;
}

/** One refund made of a payment. */
export interface RefundRow {
  refundId: string;
  amountCents: number;
  reason: string;
  refundedAt: string;
}

/** GET /api/payment/:paymentId/refunds: the payment, what is left to refund of it now (the gateway's figure), its refunds. */
export interface RefundablePayment {
  paymentId: string;
  amountCents: number;
  refundAmountAvailable: number;
  refunds: RefundRow[];
}

/** GET /api/payment/people/:uid: one of a person's payments through the portal that took money (admins). */
export interface PersonPayment {
  paymentId: string;
  chargedAt: string | null;
  paymentType: string;
  accountNumber: string;
  codeGroup: string | null;
  amountCents: number;
  /** The sum of the refunds the portal made of it. */
  refundedCents: number;
  maskedCardNumber: string | null;
  /** False for a payment made in the provider's hosted frame: it is refunded in the provider's portal. */
  refundable: boolean;
}

/** GET /api/payment/refunds (?organizationId=): the refunds of the payments in context, newest first. */
export interface MyRefund {
  refundId: string;
  paymentId: string;
  refundedAt: string;
  paymentType: string;
  accountNumber: string;
  amountCents: number;
}
