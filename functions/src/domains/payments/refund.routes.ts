// GET /api/payment/:paymentId/refunds, POST /api/payment/:paymentId/refunds, GET /api/payment/people/:uid,
// GET /api/payment/refunds
import { z } from "zod";
import {
  type MyRefund,
  type PersonPayment,
  type RefundablePayment,
  type RefundResult,
  ZRefundCreate,
} from "../../contract/refunds";
import { ZOrganizationQuery } from "../../platform/http/organization-field";
import { requireUser } from "../../platform/http/principal";
import { type AnyRoute, route } from "../../platform/http/route";
import { personPayments, refundablePayment, refundOnce, refundsInContext } from "./refund.service";

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
    handler: async ({ params }): Promise<RefundablePayment> => {
      const { paymentId, amountCents, refundAmountAvailable, refunds } = await refundablePayment(params.paymentId);
      return { paymentId, amountCents, refundAmountAvailable, refunds };
    },
  }),
  route({
    method: "POST",
    path: "/api/payment/:paymentId/refunds",
    access: "admin",
    summary:
      "Refunds all or part of a payment once per Idempotency-Key; refundAmountAvailable is the figure the admin saw, and a stale one is 412",
    params: ZPaymentIdParam,
    body: ZRefundCreate,
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
  route({
    method: "GET",
    path: "/api/payment/people/:uid",
    access: "admin",
    audit: { action: "user.portal-payments.view", person: { in: "params", field: "uid" } },
    summary:
      "Admin: a person's last payments through the portal that took money, each with what was refunded of it (the admin user view)",
    params: z.object({ uid: z.string().min(1).max(128) }),
    example: { params: { uid: "{otherUid}" } },
    handler: ({ params }): Promise<PersonPayment[]> => personPayments(params.uid),
  }),
  route({
    method: "GET",
    path: "/api/payment/refunds",
    access: "onboarded",
    query: ZOrganizationQuery,
    organization: { in: "query", field: "organizationId", role: "member" },
    summary:
      "The refunds of the payments in context, newest first: the caller's own, or in an organization's context those to its water accounts",
    example: { query: {} },
    handler: ({ user, query }): Promise<MyRefund[]> => refundsInContext(requireUser(user).uid, query.organizationId),
  }),
];
