import { z } from "zod";
import { PERSONAL_ORGANIZATION } from "./access";

/** Bank details as typed twice on the bank tab; only digits reach the API (spec 2 §5). */
export const ZRoutingNumber = z.string().regex(/^\d{9}$/, { message: "Invalid" });
export const ZBankAccountNumber = z.string().regex(/^\d{4,17}$/, { message: "Invalid" });

const ZAccountIds = {
  navilineCustomerId: z.string().regex(/^\d{1,12}$/),
  navilineLocationId: z.string().regex(/^\d{1,12}$/),
  /** An organization's water account (the caller a verified member); absent or 'personal': the caller's own. */
  organizationId: z
    .string()
    .max(64)
    .optional()
    .transform((value) => (value && value !== PERSONAL_ORGANIZATION ? value : undefined)),
};

/** PUT /api/autopay: a saved card, or a bank account (EnableACHAutopay, enforced by the API). */
export const ZSaveAutopayInput = z.union([
  z.object({ ...ZAccountIds, savedCard: z.string().regex(/^\d{1,32}$/) }).strict(),
  z
    .object({
      ...ZAccountIds,
      routingNumber: ZRoutingNumber,
      accountNumber: ZBankAccountNumber,
      accountType: z.enum(["checking", "savings"]),
    })
    .strict(),
]);
export type SaveAutopayInput = z.input<typeof ZSaveAutopayInput>;

/** The spec's autopay of a water account: S or C bank, R card, anything else unenrolled. */
export interface AccountAutopay {
  AutopayId: string | null;
  AutopayStatus: string;
  AutopayEnabled: boolean;
  PaymentProfileId: string | null;
  /** The last valid month (YYYY-MM) of the saved card autopay uses; null for bank or when unknown. */
  CardExpiry?: string | null;
}

/** 'bank' for S and C, 'card' for R, else null (unenrolled). */
export function autopayKind(status: string | null | undefined): "bank" | "card" | null {
  if (status === "S" || status === "C") return "bank";
  if (status === "R") return "card";
  return null;
}

/**
 * Whether the card autopay uses lapses before the account's next due date (spec 2 "The autopay
 * summary warns when the card on file expires before the next due date"). A card is valid through
 * the last day of its expiry month, so it fails a charge only in a later month. Without an expiry
 * or a due date there is nothing to warn about. `cardExpiry` is YYYY-MM, `dueDate` YYYY-MM-DD.
 */
export function cardExpiresBeforeDue(
  cardExpiry: string | null | undefined,
  dueDate: string | null | undefined,
): boolean {
  if (!cardExpiry || !/^\d{4}-\d{2}$/.test(cardExpiry)) return false;
  if (!dueDate || !/^\d{4}-\d{2}-\d{2}/.test(dueDate)) return false;
  return cardExpiry < dueDate.slice(0, 7);
}
