// GET /api/paymentus-token, POST /api/core/bill-pay/complete
import { z } from "zod";
import { billingConnector } from "../../connectors/billing/connection";
import { coreConnector } from "../../connectors/payments/connection";
import { MINIMUM_PAYMENT_CENTS, type PaymentResult } from "../../contract/payment";
import { isFeatureFlagOn } from "../../data/feature-flags";
import { ConnectorError } from "../../platform/connector-error";
import { badRequest, notFound } from "../../platform/http/api-error";
import { type AnyRoute, route } from "../../platform/http/route";
import { portalOrigin } from "../../platform/portal-url";
import { requireBillPayOn } from "../maintenance/maintenance-info.service";
import { recordHostedPayment } from "./payment.service";
import { PAYMENT_THROTTLES } from "./submit.routes";

/**
 * The hosted bill-pay frame is EnableCORE's (spec 2 §2); with it off the legacy form pays and these
 * routes do not exist (404, not 403: the caller is allowed, the feature is off).
 */
async function requireCoreOn(): Promise<void> {
  if (!(await isFeatureFlagOn("EnableCORE"))) throw notFound("The hosted bill-pay frame is not in use.");
}

/** The utility account the frame pays, as the billing system knows it; a miss is 404. */
async function utilityAccount(accountNumber: string) {
  const lookup = await billingConnector().lookupAccount(accountNumber);
  if (lookup.OutputParms.ErrorCode !== "0000") throw notFound("Could not find account.");
  const { CustomerId: customerId, LocationId: locationId } = lookup.OutputParms;
  return {
    accountNumber: `${customerId}-${locationId}`,
    postTo: { customerId, locationId },
    dueCents: Math.max(0, lookup.OutputParms.AmountDueWithoutPendingCents),
  };
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
      "A session of the hosted bill-pay frame (EnableCORE) for a utility account and amount the server checked; answers the URL to embed",
    query: z.object({
      transactionType: z.literal("BILL_PAY").default("BILL_PAY"),
      accountNumber: ZAccountNumber,
      /** Dollars with at most two decimals, at least what is due and $1 (spec 2 §9). */
      amount: z.string().regex(/^\d{1,6}(\.\d{1,2})?$/, { message: "Invalid" }),
      appCode: z.literal("UTILITY").default("UTILITY"),
      english: z.enum(["true", "false"]).default("true"),
    }),
    // Opening a frame looks an account up: the payment budgets, refusals (misses) counted tightly.
    throttle: PAYMENT_THROTTLES,
    example: { query: { accountNumber: "1-1", amount: "50.00" } },
    handler: async ({ query, user }): Promise<{ iframeURL: string }> => {
      await requireCoreOn();
      await requireBillPayOn();
      const account = await utilityAccount(query.accountNumber);
      const amountCents = Math.round(Number(query.amount) * 100);
      const minimum = Math.max(account.dueCents, MINIMUM_PAYMENT_CENTS);
      if (amountCents < minimum) {
        throw badRequest("The amount is below the amount due.", { amount: "Payment.AmountTooLow" });
      }
      const { iframeUrl } = await coreConnector().createIframeSession({
        transactionType: "BILL_PAY",
        customerId: user?.uid ?? "guest",
        accountNumber: account.accountNumber,
        amountCents,
        appCode: query.appCode,
        language: query.english === "false" ? "es" : "en",
        parentOrigin: portalOrigin(),
      });
      return { iframeURL: iframeUrl };
    },
  }),
  route({
    method: "POST",
    path: "/api/core/bill-pay/complete",
    access: "public",
    summary:
      "Records a payment the hosted bill-pay frame reported, after checking it with the provider; once per transaction",
    body: z.object({ transactionId: z.string().regex(/^\d{1,32}$/, { message: "Invalid" }) }).strict(),
    throttle: PAYMENT_THROTTLES,
    example: { body: { transactionId: "9999999999999999" } },
    handler: async ({ body, user, log }): Promise<PaymentResult> => {
      await requireCoreOn();
      const payer = user?.uid ?? "guest";
      let transaction: Awaited<ReturnType<ReturnType<typeof coreConnector>["getTransaction"]>>;
      try {
        transaction = await coreConnector().getTransaction(body.transactionId);
      } catch (error) {
        if (error instanceof ConnectorError && error.kind === "not_found") throw notFound("No such payment.");
        throw error;
      }
      // Another payer's transaction is not found for this caller (its id alone proves nothing).
      if (transaction.customerId !== payer || transaction.appCode !== "UTILITY") throw notFound("No such payment.");
      const account = await utilityAccount(transaction.accountNumber);
      return recordHostedPayment(
        transaction,
        { uid: user?.uid ?? null, accountNumber: account.accountNumber, postTo: account.postTo },
        log,
      );
    },
  }),
];
