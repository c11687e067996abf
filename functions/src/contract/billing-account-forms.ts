import { z } from "zod";
import { normalizeCustomerId, normalizeStreetNumber } from "./billing-account";

/** A customer or location id as the billing system prints it, normalised (spec 2 §5). */
const ZAccountPart = z
  .string()
  .max(40)
  .transform(normalizeCustomerId)
  .pipe(z.string().regex(/^\d{1,12}$/, { message: "Invalid" }));

/** POST /api/naviline/paymentInformation */
export const ZAddBillingAccountInput = z.object({
  userId: z.string().min(1).max(128),
  organizationId: z.string().max(64).nullable().optional(),
  customerId: ZAccountPart,
  locationId: ZAccountPart,
  streetNumber: z
    .string()
    .max(20)
    .transform(normalizeStreetNumber)
    .pipe(z.string().regex(/^[0-9A-Za-z]{1,10}$/, { message: "Invalid" })),
});
export type AddBillingAccountInput = z.input<typeof ZAddBillingAccountInput>;

/** DELETE /api/naviline/paymentInformation?userId=|organizationId=&customerId=&locationId= */
export const ZRemoveBillingAccountQuery = z.object({
  userId: z.string().min(1).max(128),
  organizationId: z.string().max(64).optional(),
  customerId: ZAccountPart,
  locationId: ZAccountPart,
});

/**
 * The account number field of the add-account modal: "customer-location" as printed on the bill,
 * normalised, split into its two ids; null when it is not of that shape.
 */
export function splitAccountNumber(value: string): { customerId: string; locationId: string } | null {
  const match = /^(\d{1,12})-(\d{1,12})$/.exec(normalizeCustomerId(value));
  return match ? { customerId: match[1] as string, locationId: match[2] as string } : null;
}
