/**
 * The payment contract's plain values (no zod), so a page that needs only these does not load and
 * build every payment schema at start (the guest /payment page, issue 12). `payment.ts` re-exports them.
 */

/** `Idempotency-Key` header: 1-255 letters, digits or hyphens, one per attempt, kept 24 hours. */
export const IDEMPOTENCY_KEY_HEADER = "Idempotency-Key";
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9-]{1,255}$/;
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 60 * 60_000;

/** Spec 2 §5 and §9: the amount entry's minimum is the larger of the amount due and $1. */
export const MINIMUM_PAYMENT_CENTS = 100;
/** A ceiling against typing mistakes ($10,000.00); larger payments go through the city's cashier. */
export const MAXIMUM_PAYMENT_CENTS = 1_000_000;

/**
 * Payments for one account within this many days count as "the same billing cycle" (bills are
 * monthly): a second one first asks "Pay again?".
 */
export const BILLING_CYCLE_DAYS = 30;

/** Spec 2 §5: a license renewal's year is at least this one (the page and the API). */
export const MINIMUM_LICENSE_YEAR = 2020;

/** Spec 2 §9: form fees are paid to this placeholder account with type 'Form Fee'. */
export const FORM_FEE_ACCOUNT_NUMBER = "000000000-000000000";

/** Spec 2 §9: the payment type form fees are shown with. */
export const FORM_FEE_ACCOUNT_TYPE = "Form Fee";

/**
 * Spec 2 §9 payment types /api/payment takes (PERMIT: a case's fee, "Pay now" on its page); LPI
 * payments go through /api/paymentLPI.
 */
export const PAYMENT_TYPES = ["UTILITY", "BUSINESS_LICENSE", "FORM_FEE", "PERMIT"] as const;
export type PaymentType = (typeof PAYMENT_TYPES)[number] | "LPI";

/** Spec 2 §2: /payment?accountType=PERMIT&accountNumber={case number} pays a case's fee. */
export const PERMIT_ACCOUNT_TYPE = "PERMIT";

/** Spec 2 §9: the payment code groups the city's finance office books payments under. */
export const PAYMENT_CODE_GROUPS = ["MISC", "BUILDING", "UTILITY", "PERMIT"] as const;
export type PaymentCodeGroup = (typeof PAYMENT_CODE_GROUPS)[number];

/**
 * Which group each business area's payment code belongs to (the CRM's Payment_Code__c, the
 * catalogue's form payment codes): configuration the spec does not show, kept in this one place.
 * A code not listed here is booked as MISC.
 */
export const PAYMENT_CODE_GROUP_OF: Readonly<Record<string, PaymentCodeGroup>> = {
  BLDPRMT: "BUILDING",
  LPIFEE: "BUILDING",
  PRMTAPP: "PERMIT",
  ZONEINQ: "PERMIT",
  GENSVC: "MISC",
};

/**
 * The group a payment is booked under: utility bills are UTILITY, licence renewals PERMIT (permits
 * and licensing), the rest by their payment code (MISC when it has none or an unknown one).
 */
export function paymentCodeGroup(paymentType: PaymentType, paymentCode: string | null): PaymentCodeGroup {
  if (paymentType === "UTILITY") return "UTILITY";
  if (paymentType === "BUSINESS_LICENSE") return "PERMIT";
  // Own keys only: "constructor" or "toString" would otherwise read Object.prototype.
  return (
    (paymentCode && Object.hasOwn(PAYMENT_CODE_GROUP_OF, paymentCode) && PAYMENT_CODE_GROUP_OF[paymentCode]) || "MISC"
  );
}

/** Spec 2 §4: NONE → LOADING → SUCCESS, or back to NONE on an error. */
export type PaymentState = "NONE" | "LOADING" | "SUCCESS";

/** A 409 refusal's `fields` when the account was paid in this billing cycle. */
export const PAY_AGAIN_CODE = "payment-already-made";

/** The hosted pages' postMessage shapes (Node-free, shared with the SPA). */
export { GATEWAY_MESSAGE_SOURCE } from "./payment-frame-events";
