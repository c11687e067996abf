// POST /api/payment, GET /api/payment/card-form, GET /api/payment/receipt/:paymentId
import { z } from "zod";
import { billingConnector } from "../../connectors/billing/connection";
import { gatewayConnector } from "../../connectors/payments/connection";
import { normalizeCustomerId } from "../../contract/billing-account";
import {
  FORM_FEE_ACCOUNT_NUMBER,
  type PaymentInput,
  type PaymentResult,
  paymentCodeGroup,
  ZPaymentInput,
} from "../../contract/payment";
import { billingAccountsOwnedBy } from "../../data/billing-accounts";
import { paymentsTakenFor, readPayment } from "../../data/payments";
import { ApiError, badRequest, conflict, notFound } from "../../platform/http/api-error";
import type { Principal } from "../../platform/http/principal";
import { type AnyRoute, route, type ThrottleRule } from "../../platform/http/route";
import { portalOrigin } from "../../platform/portal-url";
import { requireBillPayOn } from "../maintenance/maintenance-info.service";
import { ownPaymentProfile } from "../payment-methods/payment-methods.service";
import { permitFeeFor } from "./case-fee.service";
import { replaceFrameSession } from "./core-frame.service";
import { formFeeFor } from "./form-fee.service";
import { feeReferenceOf } from "./paid-fees.service";
import { billReference, chargeSource, type PaymentPlan, payOnce } from "./payment.service";
import { holdsWaterAccount, utilityBill } from "./utility-bill.service";

type ValidInput = ReturnType<typeof ZPaymentInput.parse>;

/**
 * Card testing (trying stolen card numbers against a payment form): submits are limited per
 * caller and per client address, refused ones (declines, wrong amounts, bad keys) much more
 * tightly. Shared with POST /api/paymentLPI: the same names are one budget.
 */
export const PAYMENT_THROTTLES: ThrottleRule[] = [
  { name: "payment-caller", key: "caller", limit: 100, windowSeconds: 15 * 60 },
  { name: "payment-client", key: "client", limit: 300, windowSeconds: 15 * 60 },
  { name: "payment-refusals-caller", key: "caller", limit: 20, windowSeconds: 60 * 60, counts: "failures" },
  { name: "payment-refusals-client", key: "client", limit: 60, windowSeconds: 60 * 60, counts: "failures" },
];

/** A utility bill paid with the card form: the bill, the card, and autopay if asked. */
async function utilityPlan(input: ValidInput, user: Principal | null): Promise<PaymentPlan> {
  const accountNumber = `${input.navilineCustomerId}-${input.navilineLocationId}`;
  const bill = await utilityBill(
    { accountNumber, lookup: accountNumber },
    input.amountCents,
    input.confirmPayAgain,
    (account) => holdsWaterAccount(user, account),
  );
  return {
    ...bill,
    source: await chargeSource(input, user),
    autopay: input.autoPay ? await autopayPlan(input, user, bill.postTo) : null,
  };
}

/**
 * The autopay checkbox (spec 2 §2): only for the payer's own linked water account and a saved card,
 * checked before anything is charged; the enrolment follows a successful charge.
 */
async function autopayPlan(
  input: ValidInput,
  user: Principal | null,
  account: { customerId: string; locationId: string },
) {
  const refuse = () =>
    badRequest("Autopay needs one of your saved cards and one of your linked water accounts.", {
      autoPay: "PaymentAutopay.NotPossible",
    });
  if (!user || !input.paymentProfileId) throw refuse();
  if ((await ownPaymentProfile(user, input.paymentProfileId))?.Type !== "card") throw refuse();
  const linked = await billingAccountsOwnedBy({ userId: user.uid });
  const same = (a: string, b: string) => normalizeCustomerId(a) === normalizeCustomerId(b);
  const own = linked.find(
    ({ data }) => same(data.customerId, account.customerId) && same(data.locationId, account.locationId),
  );
  if (!own) throw refuse();
  return { customerId: own.data.customerId, locationId: own.data.locationId, paymentProfileId: input.paymentProfileId };
}

/** A business license renewal: the amount is the fees and penalty the billing system calculates. */
async function licensePlan(input: ValidInput, user: Principal | null): Promise<PaymentPlan> {
  const license = input.license as NonNullable<ValidInput["license"]>;
  const fees = await billingConnector().calculateLicenseFees(license);
  const dueCents = fees.feeCents + fees.penaltyCents;
  if (!fees.success) throw notFound("No licence with this number and PIN.");
  if (fees.feeCents < 100) throw new ApiError("rejected", "There are no fees to pay for this licence.");
  if (input.amountCents !== dueCents) {
    throw badRequest("The amount is not the licence fees.", { amountCents: "Invalid" });
  }
  const accountNumber = `BL-${license.licenseYear}-${license.licenseNumber}`;
  // Paid once per license and year (the account number names both). A license has no portal
  // holder: the earlier payment's details go only to the signed-in payer who made it.
  const reference = await billReference({ accountNumber, cycle: "" }, input.confirmPayAgain, async () =>
    Boolean(user && (await paymentsTakenFor(accountNumber)).some((payment) => payment.uid === user.uid)),
  );
  return {
    paymentType: "BUSINESS_LICENSE",
    codeGroup: paymentCodeGroup("BUSINESS_LICENSE", null),
    accountNumber,
    amountCents: dueCents,
    reference,
    description: `Business licence ${license.licenseNumber} renewal 20${license.licenseYear}`,
    source: await chargeSource(input, user),
    postTo: null,
  };
}

/**
 * A form fee (spec 2 §9): account 000000000-000000000, the amount the forms service recorded for
 * the caller's submission. A body amount that differs is refused (400) rather than corrected, so
 * the payer is never charged a sum the page did not show; a fee is paid once.
 */
async function formFeePlan(input: ValidInput, user: Principal | null): Promise<PaymentPlan> {
  const fee = await formFeeFor(user, input.formFee as NonNullable<ValidInput["formFee"]>);
  if (fee.paid) throw conflict("This form fee is paid already.");
  if (fee.amountCents <= 0) throw new ApiError("rejected", "This form has no fee to pay.");
  if (input.amountCents !== fee.amountCents) {
    throw badRequest("The amount is not the form fee.", { amountCents: "Invalid" });
  }
  const code = fee.paymentCode ? ` ${fee.paymentCode}` : "";
  return {
    paymentType: "FORM_FEE",
    codeGroup: paymentCodeGroup("FORM_FEE", fee.paymentCode),
    accountNumber: FORM_FEE_ACCOUNT_NUMBER,
    amountCents: fee.amountCents,
    description: `Form fee${code}: ${fee.processName}`.slice(0, 200),
    reference: fee.submissionId,
    source: await chargeSource(input, user),
    postTo: null,
  };
}

/**
 * A case's fee (spec 2 §2 "Pay now", §9 PERMIT): the amount the CRM record asks for, paid once
 * (claimed per record before the charge) and recorded on the record once charged. A body amount
 * that differs is refused (400) rather than corrected, so the payer is never charged a sum the page
 * did not show.
 */
async function permitPlan(input: ValidInput, user: Principal | null): Promise<PaymentPlan> {
  const fee = await permitFeeFor(user, input.permit as NonNullable<ValidInput["permit"]>);
  if (fee.paid) throw conflict("This fee is paid already.");
  if (fee.amountCents <= 0) throw new ApiError("rejected", "Nothing is due on this case.");
  if (input.amountCents !== fee.amountCents) {
    throw badRequest("The amount is not the case's fee.", { amountCents: "Invalid" });
  }
  return {
    paymentType: "PERMIT",
    codeGroup: fee.codeGroup,
    accountNumber: fee.accountNumber,
    amountCents: fee.amountCents,
    description: `Permit fee ${fee.accountNumber}: ${fee.activityName}`.slice(0, 200),
    reference: feeReferenceOf(fee.activityType, fee.activityId),
    markPaid: { type: fee.activityType, id: fee.activityId },
    source: await chargeSource(input, user),
    postTo: null,
  };
}

/** What each payment type charges, decided by the server. */
function planFor(input: ValidInput, user: Principal | null): Promise<PaymentPlan> {
  if (input.paymentType === "UTILITY") return utilityPlan(input, user);
  if (input.paymentType === "FORM_FEE") return formFeePlan(input, user);
  if (input.paymentType === "PERMIT") return permitPlan(input, user);
  return licensePlan(input, user);
}

/** The account a request claims to pay, recorded before any check runs. */
function claimedAccount(input: ValidInput): string {
  if (input.paymentType === "UTILITY") return `${input.navilineCustomerId}-${input.navilineLocationId}`;
  if (input.paymentType === "FORM_FEE") return FORM_FEE_ACCOUNT_NUMBER;
  if (input.paymentType === "PERMIT") return input.permit?.accountNumber ?? "";
  return `BL-${input.license?.licenseYear}-${input.license?.licenseNumber}`;
}

export const submitRoutes: AnyRoute[] = [
  route({
    method: "GET",
    path: "/api/payment/receipt/:paymentId",
    access: "public",
    summary: "A payment's confirmation (bookmarkable): its id is a 160-bit secret only the payer's browser holds",
    params: z.object({ paymentId: z.string().regex(/^[0-9a-f]{40}$/, { message: "Invalid" }) }),
    example: { params: { paymentId: "0".repeat(40) } },
    handler: async ({ params }): Promise<PaymentResult> => {
      const record = await readPayment(params.paymentId);
      if (record?.answerStatus !== 200 || !record.answerBody) throw notFound("No such payment.");
      return JSON.parse(record.answerBody) as PaymentResult;
    },
  }),
  route({
    method: "GET",
    path: "/api/payment/card-form",
    access: "public",
    summary: "The gateway's hosted card form to embed (it posts a one-time nonce to the portal's origin)",
    query: z.object({ language: z.enum(["en", "es"]).default("en") }),
    example: { query: { language: "en" } },
    handler: ({ query }): { url: string; origin: string } => {
      const url = gatewayConnector().hostedCardFormUrl(portalOrigin(), query.language);
      return { url, origin: new URL(url).origin };
    },
  }),
  route({
    method: "POST",
    path: "/api/payment",
    access: "public",
    summary:
      "Charges a utility bill, a license renewal, a form fee or a case's fee once per Idempotency-Key; answers the payment result",
    body: ZPaymentInput,
    throttle: PAYMENT_THROTTLES,
    // Without an Idempotency-Key header: every allowed caller gets 400 and nothing is charged.
    example: {
      body: {
        paymentType: "UTILITY",
        nonce: "eyJub25jZSI6bm90LWEtbm9uY2U",
        amountCents: 5000,
        navilineCustomerId: "1",
        navilineLocationId: "1",
      } satisfies PaymentInput,
    },
    handler: async ({ body, user, req, log }) => {
      // Bill pay is off while a maintenance period is in force (spec 3 §3): refused before any claim.
      if (body.paymentType === "UTILITY") await requireBillPayOn();
      return payOnce({
        req,
        uid: user?.uid ?? null,
        path: "/api/payment",
        body,
        claim: {
          paymentType: body.paymentType,
          accountNumber: claimedAccount(body),
          amountCents: body.amountCents,
        },
        log,
        plan: () => planFor(body, user),
        // A bill's hosted frame left open (EnableCORE) gives way to the card form, cancelled first.
        takeOver: (holderId) => replaceFrameSession(holderId, log),
      });
    },
  }),
];
