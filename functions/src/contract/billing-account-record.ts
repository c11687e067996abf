import { z } from "zod";

/**
 * The billing account record of spec 2 §3: `accountInfo {customerId, locationId, type}`, `upcomingBills
 * [{amount, type, dueDate}]`, `pastPayments [{paymentDate, amount, gallons, billedUnits}]`, one per water account
 * in context (GET /api/naviline/billingAccounts). Money in integer cents (`amountCents`), dates YYYY-MM-DD, as the
 * other billing answers (contract/billing-records.ts). Composed from the billing system's answers in one place,
 * `domains/billing/billing-account-record.ts`.
 */
const ZIsoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const ZCents = z.number().int();

export const ZBillingAccountRecord = z
  .object({
    accountInfo: z
      .object({
        customerId: z.string().min(1),
        locationId: z.string().min(1),
        /** The payment type /payment takes for it (spec 2 §9): a water account is a UTILITY account. */
        type: z.literal("UTILITY"),
      })
      .strict(),
    /** The bills with something still to pay, the earliest due first. */
    upcomingBills: z
      .array(z.object({ amountCents: ZCents.positive(), type: z.string(), dueDate: ZIsoDate }).strict())
      .readonly(),
    /**
     * The payments to the account, newest first, each with the water of the bill it paid: the newest bill dated on
     * or before the payment (null when the billing history has no bill that early).
     */
    pastPayments: z
      .array(
        z
          .object({
            paymentDate: ZIsoDate,
            amountCents: ZCents,
            gallons: z.number().int().nonnegative().nullable(),
            billedUnits: z.number().int().nonnegative().nullable(),
          })
          .strict(),
      )
      .readonly(),
  })
  .strict();

export type BillingAccountRecord = z.output<typeof ZBillingAccountRecord>;
