/**
 * billingAccounts/{id}: a water account (customer + location in the billing system) linked to a
 * user or to an organization. One shape for everyone who writes or reads it (the account wizard,
 * the bill-pay panel, the seed, which imports it from here).
 */
export interface BillingAccountLink {
  userId: string | null;
  organizationId: string | null;
  customerId: string;
  locationId: string;
  streetNumber: string;
  serviceAddress: string | null;
}

export type BillingAccountOwner = { userId: string } | { organizationId: string };

/** One document per owner and account, so linking the same account twice is the same write. */
export function billingAccountDocId(owner: BillingAccountOwner, customerId: string, locationId: string): string {
  const prefix = "userId" in owner ? `user_${owner.userId}` : `org_${owner.organizationId}`;
  return `${prefix}_${customerId}_${locationId}`;
}

/** Spaces removed and leading zeros stripped from each dash-separated part ("00123 - 045" → "123-45"). */
export function normalizeCustomerId(value: string): string {
  return value
    .replace(/\s+/g, "")
    .split("-")
    .map((part) => part.replace(/^0+(?=\d)/, ""))
    .join("-");
}

/** Spaces removed from the street number ("12 34" → "1234"). */
export const normalizeStreetNumber = (value: string): string => value.replace(/\s+/g, "");

/** The API's error message for an account already linked to the same owner (spec 2 §8). */
export const DUPLICATE_PAYMENT_ACCOUNT = "duplicate-payment-account";
/** The billing system's answer when the street number is not the service address's (spec 2 §8). */
export const STREET_NUMBER_MISMATCH = "utility-account-street-number-mismatch";
