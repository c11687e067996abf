// GET /api/payment/:paymentId/refunds, POST /api/payment/:paymentId/refunds
import { z } from "zod";
import { type AnyRoute, route } from "../../platform/http/route";
import { type RefundResult, refundablePayment, refundOnce } from "./refund.service";

const ZPaymentIdParam = z.object({ paymentId: z.string().regex(/^[0-9a-f]{40}$/, { message: "Invalid" }) });

/** Issue 32 "Refunds" (after GOV.UK Pay): an admin refunds all or part of a payment, with a reason. */
export const refundRoutes: AnyRoute[] = [
  route({
    method: "GET",
    path: "/api/payment/:paymentId/refunds",
    access: "admin",
    summary: "A payment's amount, what is left to refund of it as the card gateway has it now (cents), and its refunds",
    params: ZPaymentIdParam,
    example: { params: { paymentId: "0".repeat(40) } },
    handler: async ({ params }) => {
      const { payment, refundAmountAvailable, refunds } = await refundablePayment(params.paymentId);
      return { paymentId: params.paymentId, amountCents: payment.amountCents, refundAmountAvailable, refunds };
    },
  }),
  route({
    method: "POST",
    path: "/api/payment/:paymentId/refunds",
    access: "admin",
    summary:
      "Refunds all or part of a payment once per Idempotency-Key; refundAmountAvailable is the figure the admin saw, and a stale one is 412",
    params: ZPaymentIdParam,
    body: z
      .object({
        amountCents: z.number().int().min(1).max(100_000_000),
        /** What the admin was shown as still refundable (GET): the gateway checks it at the moment of the refund. */
        refundAmountAvailable: z.number().int().min(0).max(100_000_000),
        reason: z.string().trim().min(1).max(500),
      })
      .strict(),
    // Without an Idempotency-Key header: every allowed caller gets 400 and nothing is refunded.
    example: {
      params: { paymentId: "0".repeat(40) },
      body: { amountCents: 100, refundAmountAvailable: 100, reason: "Charged twice" },
    },
    audit: {
      action: "payment.refund",
      personFrom: (result) => (result as RefundResult | undefined)?.personUid ?? null,
      subject: ({ params }) => `payment ${(params as { paymentId: string }).paymentId}`,
      after: (input, result) => ({ request: input.body, refund: result }),
    },
    handler: ({ params, body, user, req, log }) =>
      refundOnce({ req, admin: user as NonNullable<typeof user>, paymentId: params.paymentId, body, log }),
  }),
];
