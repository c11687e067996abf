/**
 * Paying (spec 2 §2, §3, §5, §9; DESIGN.md "Data"): what the payment pages send and receive. Free of
 * Node imports so the SPA shares it. Money is integer cents; the spec's dollar amounts (amount
 * entry, lookup answer) become cents once, at the page's edge.
 */
import { z } from "zod";
import { ZCrmRecordId } from "./ids";
import {
  type FORM_FEE_ACCOUNT_NUMBER,
  type FORM_FEE_ACCOUNT_TYPE,
  MAXIMUM_PAYMENT_CENTS,
  MINIMUM_LICENSE_YEAR,
  MINIMUM_PAYMENT_CENTS,
  PAYMENT_TYPES,
  type PaymentCodeGroup,
  type PaymentType,
  type PERMIT_ACCOUNT_TYPE,
} from "./payment-constants";

export * from "./payment-constants";

const digits = (max: number) =>
  z
    .string()
    .trim()
    .regex(new RegExp(`^\\d{1,${max}}$`), { message: "Invalid" });

/** The gateway's hosted card form's one-time token (the card itself never reaches the portal). */
export const ZCardNonce = z.string().regex(/^[A-Za-z0-9_.=-]{8,512}$/, { message: "Invalid" });

/** How the payer pays: a one-time nonce from the gateway's hosted card form, or a saved profile. */
const ZPaymentSourceFields = {
  /** The hosted card form's one-time token (the card itself never reaches the portal). */
  nonce: ZCardNonce.optional(),
  /** A saved legacy profile of the caller (signed in only). */
  paymentProfileId: z
    .string()
    .regex(/^[A-Za-z0-9]{1,32}$/, { message: "Invalid" })
    .optional(),
  /**
   * "Save this card" at checkout (signed in, with a nonce only): the card becomes one of the
   * payer's saved profiles at the gateway, and that profile is charged.
   */
  saveCard: z.boolean().optional(),
};

/** A payment's amount in cents: at least $1, at most the portal's maximum. */
export const ZAmountCents = z
  .number()
  .int({ message: "Invalid" })
  .min(MINIMUM_PAYMENT_CENTS, { message: "Payment.AmountTooLow" })
  .max(MAXIMUM_PAYMENT_CENTS, { message: "Payment.AmountTooHigh" });

/**
 * Business license renewal (spec 2 §3): the year as its last 2 digits, at least MINIMUM_LICENSE_YEAR
 * (spec 2 §5; the API refuses an earlier year as the page does).
 */
export const ZLicenseRenewal = z.object({
  licenseYear: z
    .string()
    .regex(/^\d{2}$/, { message: "Invalid" })
    .refine((year) => 2000 + Number(year) >= MINIMUM_LICENSE_YEAR, { message: "Invalid" }),
  licenseNumber: z.string().trim().min(1, { message: "Required" }).max(32),
  licensePIN: z.string().trim().min(1, { message: "Required" }).max(16),
});
export type LicenseRenewal = z.infer<typeof ZLicenseRenewal>;

/**
 * A form fee (spec 1 §2.12, spec 2 §9): the embedded form's submission (the id the portal issued
 * for it) and the payment code the form page was opened with. The fee itself is the forms
 * service's record of that submission, never a number from the page.
 */
export const ZFormFeeRef = z
  .object({
    submissionId: z.uuid({ message: "Invalid" }),
    paymentCode: z
      .string()
      .regex(/^[A-Za-z0-9_-]{0,50}$/, { message: "Invalid" })
      .default(""),
  })
  .strict();
export type FormFeeRef = z.input<typeof ZFormFeeRef>;

/** GET /api/payment/form-fee: what /payment shows for a form fee (amount from the forms service). */
export interface FormFee {
  accountNumber: typeof FORM_FEE_ACCOUNT_NUMBER;
  accountType: typeof FORM_FEE_ACCOUNT_TYPE;
  paymentCode: string;
  processName: string;
  amountCents: number;
  /** A payment of this fee went through already (the page shows it instead of a card form). */
  paid: boolean;
}

/**
 * A case's fee (spec 2 §2 "Pay now", §9 PERMIT): the case number the link names. The fee, its lines
 * and the record they belong to are the CRM's, read by the server; nothing else comes from the page.
 */
export const ZPermitFeeRef = z
  .object({
    accountNumber: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9][A-Za-z0-9-]{0,39}$/, { message: "Invalid" }),
  })
  .strict();
export type PermitFeeRef = z.input<typeof ZPermitFeeRef>;

/** One line of an itemized bill (spec 2 §3 "LPI bill"; a case's fee lines have the same shape). */
export interface ItemizedLine {
  applicationNumber: string;
  applicationName: string;
  applicationFeeCents: number;
}

/** A payment already recorded on a case: what its page shows as the receipt. */
export interface PaidFee {
  amountCents: number;
  paidAt: string;
  transactionId: string;
  cardType: string;
  maskedCardNumber: string;
  /** The portal's receipt (/payment?receipt=): only for the resident who paid, else null. */
  receiptId: string | null;
}

/** GET /api/payment/permit-fee: what /payment shows for a case's fee. */
export interface PermitFee {
  accountNumber: string;
  accountType: typeof PERMIT_ACCOUNT_TYPE;
  /** The CRM record the fee belongs to (its page is /activity-view/{activityType}/{activityId}). */
  activityId: string;
  activityType: string;
  activityName: string;
  paymentCode: string | null;
  codeGroup: PaymentCodeGroup;
  /** What is due now: 0 once paid. */
  amountCents: number;
  itemizedBill: ItemizedLine[];
  /** The payment that settled the fee, when there is one. */
  paid: PaidFee | null;
}

/** POST /api/payment (spec 2 §7: nonce, amount, appCode, paymentDesc, navilineCustomerId, navilineLocationId, autoPay). */
export const ZPaymentInput = z
  .object({
    paymentType: z.enum(PAYMENT_TYPES),
    ...ZPaymentSourceFields,
    amountCents: ZAmountCents,
    appCode: z
      .string()
      .regex(/^[A-Za-z0-9_]{1,32}$/, { message: "Invalid" })
      .optional(),
    paymentDesc: z.string().trim().max(200).optional(),
    navilineCustomerId: digits(9).optional(),
    navilineLocationId: digits(9).optional(),
    autoPay: z.boolean().default(false),
    license: ZLicenseRenewal.optional(),
    formFee: ZFormFeeRef.optional(),
    permit: ZPermitFeeRef.optional(),
    /** The payer saw "A payment of $X was made on {date}. Pay again?" and said yes. */
    confirmPayAgain: z.boolean().default(false),
  })
  .strict()
  .superRefine((input, ctx) => {
    if (Boolean(input.nonce) === Boolean(input.paymentProfileId)) {
      ctx.addIssue({ code: "custom", path: ["nonce"], message: "Payment.ChooseOneMethod" });
    }
    // Only a card typed in the hosted form can be saved: a saved profile is saved already.
    if (input.saveCard && !input.nonce) ctx.addIssue({ code: "custom", path: ["saveCard"], message: "Invalid" });
    if (input.paymentType === "UTILITY" && (!input.navilineCustomerId || !input.navilineLocationId)) {
      ctx.addIssue({ code: "custom", path: ["navilineCustomerId"], message: "Required" });
    }
    if (input.paymentType === "BUSINESS_LICENSE" && !input.license) {
      ctx.addIssue({ code: "custom", path: ["license"], message: "Required" });
    }
    if (input.paymentType === "FORM_FEE" && !input.formFee) {
      ctx.addIssue({ code: "custom", path: ["formFee"], message: "Required" });
    }
    if (input.paymentType === "PERMIT" && !input.permit) {
      ctx.addIssue({ code: "custom", path: ["permit"], message: "Required" });
    }
  });
export type PaymentInput = z.input<typeof ZPaymentInput>;

/** POST /api/paymentLPI (spec 2 §7: nonce, amount, navilineCustomerId, navilineLocationId, autoPay, activityId). */
export const ZLpiPaymentInput = z
  .object({
    ...ZPaymentSourceFields,
    amountCents: ZAmountCents,
    activityId: ZCrmRecordId,
    navilineCustomerId: digits(9).optional(),
    navilineLocationId: digits(9).optional(),
    autoPay: z.boolean().default(false),
  })
  .strict()
  .superRefine((input, ctx) => {
    if (Boolean(input.nonce) === Boolean(input.paymentProfileId)) {
      ctx.addIssue({ code: "custom", path: ["nonce"], message: "Payment.ChooseOneMethod" });
    }
    // Only a card typed in the hosted form can be saved: a saved profile is saved already.
    if (input.saveCard && !input.nonce) ctx.addIssue({ code: "custom", path: ["saveCard"], message: "Invalid" });
  });
export type LpiPaymentInput = z.input<typeof ZLpiPaymentInput>;

/**
 * Spec 2 §3 "Payment result" plus what the confirmation page and receipt show. The same answer is
 * given for every repeat of the attempt's idempotency key.
 */
export interface PaymentResult {
  paymentId: string;
  authNetTransId: string;
  navilineRoutingIds: string[];
  amountCents: number;
  paymentType: PaymentType;
  accountNumber: string;
  /** e.g. XXXX1111 and Visa: what the provider answered, never the card number. */
  maskedCardNumber: string;
  cardType: string;
  /** ISO instant of the charge. */
  paidAt: string;
  /** False while the billing system has not taken the payment yet (a job posts it). */
  postedToAccount: boolean;
  /** The case the payment settled (a permit fee, an LPI application), for the confirmation's link back. */
  activity?: { type: string; id: string } | null;
  /**
   * Only when the payer ticked autopay (a utility bill paid with a saved card): whether the account
   * now pays automatically with that card. The payment stands either way.
   */
  autopayEnrolled?: boolean;
  /** Only when the payer ticked "Save this card": whether the card is now one of her saved cards. */
  cardSaved?: boolean;
}

/** GET /api/naviline/account (spec 2 §3 "Utility account lookup"), plus the ids a payment names. */
export interface AccountLookupAnswer {
  OutputParms: {
    ErrorCode: string;
    /** Dollars, as the spec shows them; negative when the customer has a credit. */
    AmountDueWithoutPending: number;
    DueDateOfLastBill: string;
    CustomerId: string;
    LocationId: string;
  };
}

export interface PreviousPayment {
  amountCents: number;
  paidAt: string;
}

/** GET /api/lpiPayment/{activityId} (spec 2 §3 "LPI bill"), amounts in cents. */
export interface LpiBill {
  accountNumber: string;
  amountCents: number;
  itemizedBill: ItemizedLine[];
  /** The payment that settled the bill, when there is one. */
  paid?: PaidFee | null;
}

/** POST /api/licenses/renew/calc (spec 2 §3 "Business license fee result"), dollars as the spec compares them with 1. */
export interface LicenseFeeAnswer {
  success: boolean;
  fees: number;
  penalty: number;
  message: string;
}
