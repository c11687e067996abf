import { z } from "zod";
import { WATER_ACCOUNT_PATTERN } from "./console";
import { ZFormFeeRef, ZPermitFeeRef } from "./payment";
import { FORM_FEE_ACCOUNT_TYPE, PERMIT_ACCOUNT_TYPE } from "./payment-constants";

/**
 * Payment links (issue 31): staff send a person a link for one item (a water bill, a permit fee or
 * a form fee) by email or text. The link opens /payment for that item until the item is paid (its
 * one use) or the link expires.
 */

/** How long a link stays usable. */
export const PAYMENT_LINK_TTL_HOURS = 72;
export const PAYMENT_LINK_CHANNELS = ["email", "sms"] as const;

export const ZPaymentLinkItem = z.discriminatedUnion("paymentType", [
  z
    .object({
      paymentType: z.literal("UTILITY"),
      accountNumber: z.string().trim().regex(WATER_ACCOUNT_PATTERN, { message: "Invalid" }),
    })
    .strict(),
  z.object({ paymentType: z.literal("PERMIT"), ...ZPermitFeeRef.shape }).strict(),
  z.object({ paymentType: z.literal("FORM_FEE"), ...ZFormFeeRef.shape }).strict(),
]);
export type PaymentLinkItem = z.output<typeof ZPaymentLinkItem>;

/** POST /api/console/people/{uid}/payment-links */
export const ZPaymentLinkBody = z
  .object({ item: ZPaymentLinkItem, channel: z.enum(PAYMENT_LINK_CHANNELS, { message: "Invalid" }) })
  .strict();
export type PaymentLinkBody = z.input<typeof ZPaymentLinkBody>;

export interface PaymentLinkSent {
  linkId: string;
  messageId: string;
  status: string;
  expiresAt: string;
  assistedBy: string;
}

/** A link's token as it appears in /pay/{token}: 32 characters of base64url. */
export const ZPaymentLinkToken = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{32}$/, { message: "Invalid" }) });

/** POST /api/payment-links/{token}/use: where /payment opens for the item. */
export interface PaymentLinkUse {
  path: string;
}

/** The /payment address that opens for an item (the page's own query parameters). */
export function paymentPathOf(item: PaymentLinkItem): string {
  const query = new URLSearchParams();
  if (item.paymentType === "UTILITY") {
    query.set("accountNumber", item.accountNumber);
  } else if (item.paymentType === "PERMIT") {
    query.set("accountType", PERMIT_ACCOUNT_TYPE);
    query.set("accountNumber", item.accountNumber);
  } else {
    query.set("accountType", FORM_FEE_ACCOUNT_TYPE);
    query.set("submissionId", item.submissionId);
    query.set("paymentCode", item.paymentCode ?? "");
  }
  return `/payment?${query}`;
}

/** What the item is, as a message names it: the payment type and its number. */
export function paymentLinkNumber(item: PaymentLinkItem): string {
  return item.paymentType === "FORM_FEE" ? item.submissionId : item.accountNumber;
}
