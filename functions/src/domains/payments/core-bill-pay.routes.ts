// GET /api/paymentus-token, POST /api/core/bill-pay/complete
import { z } from "zod";
import type { PaymentResult } from "../../contract/payment";
import { isFeatureFlagOn } from "../../data/feature-flags";
import { notFound } from "../../platform/http/api-error";
import { type AnyRoute, route } from "../../platform/http/route";
import { portalOrigin } from "../../platform/portal-url";
import { requireBillPayOn } from "../maintenance/maintenance-info.service";
import { completeFramePayment, openFrameSession } from "./core-frame.service";
import { PAYMENT_THROTTLES } from "./submit.routes";
import { holdsWaterAccount, utilityBill } from "./utility-bill.service";

/**
 * The hosted bill-pay frame is EnableCORE's (spec 2 §2); with it off the legacy form pays and these
 * routes do not exist (404, not 403: the caller is allowed, the feature is off).
 */
async function requireCoreOn(): Promise<void> {
  if (!(await isFeatureFlagOn("EnableCORE"))) throw notFound("The hosted bill-pay frame is not in use.");
}

const ZAccountNumber = z
  .string()
  .trim()
  .regex(/^\d{1,9}(-\d{1,9})?$/, { message: "Invalid" });

export const coreBillPayRoutes: AnyRoute[] = [
  route({
    method: "GET",
    path: "/api/paymentus-token",
    access: "public",
    summary:
      "A session of the hosted bill-pay frame (EnableCORE) for a utility account and amount the server checked, the bill claimed before the frame can pay (a newer session replaces an older one); answers the URL to embed and the session's payment id",
    query: z.object({
      transactionType: z.literal("BILL_PAY").default("BILL_PAY"),
      accountNumber: ZAccountNumber,
      /** Dollars with at most two decimals, at least what is due and $1 (spec 2 §9). */
      amount: z.string().regex(/^\d{1,6}(\.\d{1,2})?$/, { message: "Invalid" }),
      appCode: z.literal("UTILITY").default("UTILITY"),
      english: z.enum(["true", "false"]).default("true"),
      /** "Pay again?" answered yes: the bill took money in this cycle already (409 PAY_AGAIN otherwise). */
      confirmPayAgain: z.enum(["true", "false"]).default("false"),
    }),
    // Opening a frame looks an account up: the payment budgets, refusals (misses) counted tightly.
    throttle: PAYMENT_THROTTLES,
    example: { query: { accountNumber: "1-1", amount: "50.00" } },
    handler: async ({ query, user, log }): Promise<{ iframeURL: string; paymentId: string }> => {
      await requireCoreOn();
      await requireBillPayOn();
      const amountCents = Math.round(Number(query.amount) * 100);
      return openFrameSession({
        uid: user?.uid ?? null,
        claim: { accountNumber: query.accountNumber, amountCents },
        plan: () =>
          utilityBill(
            { accountNumber: "", lookup: query.accountNumber },
            amountCents,
            query.confirmPayAgain === "true",
            (account) => holdsWaterAccount(user, account),
          ),
        session: (plan, invoiceNumber) => ({
          transactionType: "BILL_PAY",
          customerId: user?.uid ?? "guest",
          accountNumber: plan.accountNumber,
          amountCents: plan.amountCents,
          appCode: query.appCode,
          invoiceNumber,
          language: query.english === "false" ? "es" : "en",
          parentOrigin: portalOrigin(),
        }),
        log,
      });
    },
  }),
  route({
    method: "POST",
    path: "/api/core/bill-pay/complete",
    access: "public",
    summary:
      "Records the payment a hosted bill-pay frame session reported, with the session's own payment id, after checking the transaction with the provider; once",
    body: z
      .object({
        /** The session's payment id (GET /api/paymentus-token): the proof only its browser holds. */
        paymentId: z.string().regex(/^[0-9a-f]{40}$/, { message: "Invalid" }),
        transactionId: z.string().regex(/^\d{1,32}$/, { message: "Invalid" }),
      })
      .strict(),
    throttle: PAYMENT_THROTTLES,
    example: { body: { paymentId: "0".repeat(40), transactionId: "9999999999999999" } },
    handler: async ({ body, user, log }): Promise<PaymentResult> => {
      await requireCoreOn();
      return completeFramePayment({ ...body, uid: user?.uid ?? null, log });
    },
  }),
];
