// POST /api/console/people/:id/payments
import { billingConnector } from "../../connectors/billing/connection";
import { type PhonePaymentAnswer, ZPhonePaymentBody } from "../../contract/console";
import { ZDocumentIdParams } from "../../contract/ids";
import { readUser } from "../../data/users";
import { notFound } from "../../platform/http/api-error";
import { requireUser } from "../../platform/http/principal";
import { type AnyRoute, route, type ThrottleRule } from "../../platform/http/route";
import { requireBillPayOn } from "../maintenance/maintenance-info.service";
import { replaceFrameSession } from "../payments/core-frame.service";
import { idempotencyKeyOf, payOnce } from "../payments/payment.service";
import { utilityBill } from "../payments/utility-bill.service";

/**
 * A counter takes phone payments all day; this bounds a stolen staff session trying card numbers
 * (refusals, declines among them, counted tightly as on the payment page).
 */
const PHONE_PAYMENT_THROTTLE: ThrottleRule[] = [
  { name: "console-payment", key: "caller", limit: 120, windowSeconds: 3600 },
  { name: "console-payment-refusals", key: "caller", limit: 30, windowSeconds: 3600, counts: "failures" },
];

const PATH = "/api/console/people/:id/payments";

export const consolePhonePaymentRoutes: AnyRoute[] = [
  route({
    method: "POST",
    path: PATH,
    access: "staff",
    params: ZDocumentIdParams,
    body: ZPhonePaymentBody,
    throttle: PHONE_PAYMENT_THROTTLE,
    summary:
      "Console: pays the person's water bill with a card staff typed in the gateway's hosted form (by phone), once per Idempotency-Key and once per bill as her own payment; marked as assisted, receipt by her channels",
    // Without an Idempotency-Key header: every allowed caller gets 400 and nothing is charged.
    example: {
      params: { id: "{otherUid}" },
      body: { accountNumber: "1-1", amountCents: 5000, nonce: "eyJub25jZSI6bm90LWEtbm9uY2U" },
    },
    audit: {
      action: "console.assist.payment",
      person: { in: "params", field: "id" },
      subject: ({ body }) => `UTILITY ${(body as { accountNumber: string }).accountNumber}`,
      // What the bill owed before the charge, as the billing system said (null if it did not answer).
      before: async ({ body }) => {
        const { accountNumber } = body as { accountNumber: string };
        try {
          const { OutputParms } = await billingConnector().lookupAccount(accountNumber);
          return OutputParms.ErrorCode === "0000"
            ? {
                accountNumber,
                amountDueCents: OutputParms.AmountDueWithoutPendingCents,
                dueDate: OutputParms.DueDateOfLastBill,
              }
            : null;
        } catch {
          return null;
        }
      },
      after: (_input, result) => {
        const paid = result as PhonePaymentAnswer;
        return {
          paymentId: paid.paymentId,
          state: paid.postedToAccount ? "succeeded" : "charged",
          amountCents: paid.amountCents,
          accountNumber: paid.accountNumber,
          maskedCardNumber: paid.maskedCardNumber,
          transactionId: paid.authNetTransId,
          assistedBy: paid.assistedBy,
        };
      },
    },
    handler: async ({ params, body, user, req, log }): Promise<PhonePaymentAnswer> => {
      // A request without its Idempotency-Key is refused (400) before anything is read or claimed.
      idempotencyKeyOf(req);
      const principal = requireUser(user);
      const assistedBy = principal.email ?? principal.uid;
      if (!(await readUser(params.id))) throw notFound("No such person.");
      // Bill pay is off while a maintenance period is in force (spec 3 §3), by phone too.
      await requireBillPayOn();
      // The resident's own payment path (payOnce): her attempt, claimed per Idempotency-Key and per
      // bill before the charge, so two staff tabs, or staff and the resident at once, charge once.
      const result = await payOnce({
        req,
        uid: params.id,
        path: PATH,
        body,
        claim: { paymentType: "UTILITY", accountNumber: body.accountNumber, amountCents: body.amountCents },
        log,
        plan: async () => ({
          ...(await utilityBill(
            { accountNumber: body.accountNumber, lookup: body.accountNumber },
            body.amountCents,
            body.confirmPayAgain,
            // Staff see the person's payments in the console anyway: "Pay again?" names the earlier one.
            async () => true,
          )),
          source: { nonce: body.nonce },
        }),
        // A frame the resident left open on this bill (EnableCORE) gives way, cancelled first.
        takeOver: (holderId) => replaceFrameSession(holderId, log),
        charging: { assistedBy },
      });
      return { ...result, assistedBy };
    },
  }),
];
