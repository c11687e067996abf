/**
 * billingAccounts/{id}: a water account (customer + location in the billing system) linked to a
 * user or to an organization. One shape for everyone who writes or reads it (the account wizard,
 * the bill-pay panel, the seed, which imports it from here).
 */
export interface BillingAccountRecord {
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
