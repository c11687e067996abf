// GET /api/naviline/paymentInformation?userId=&organizationId=

import { z } from "zod";
import { billingConnector } from "../../connectors/billing/connection";
import { PERSONAL_ORGANIZATION } from "../../contract/access";
import type { BillingAccountOwner } from "../../contract/billing-account";
import type { BillingAccountSummary } from "../../contract/messages";
import { billingAccountsOwnedBy } from "../../data/billing-accounts";
import { text } from "../../data/fields";
import { type AnyRoute, route } from "../../platform/http/route";

/**
 * The water accounts of a user or of an organization (contract/billing-account.ts), each with the
 * amount due and due date from the billing system.
 */
export async function billingAccountsOf(owner: BillingAccountOwner) {
  const accounts = await billingAccountsOwnedBy(owner);
  return Promise.all(
    accounts.map(async ({ id, data }): Promise<BillingAccountSummary> => {
      const accountNumber = `${data.customerId}-${data.locationId}`;
      const lookup = await billingConnector().lookupAccount(accountNumber);
      const found = lookup.OutputParms.ErrorCode === "0000";
      return {
        Id: id,
        customerId: data.customerId,
        locationId: data.locationId,
        accountNumber,
        serviceAddress: data.serviceAddress,
        // The connector gives dollars here (spec 2: cents divided by 100); back to cents once.
        amountDueCents: found ? Math.round(lookup.OutputParms.AmountDueWithoutPending * 100) : 0,
        dueDate: found ? text(lookup.OutputParms.DueDateOfLastBill) : null,
      };
    }),
  );
}

export const paymentInformationRoutes: AnyRoute[] = [
  route({
    method: "GET",
    path: "/api/naviline/paymentInformation",
    access: "onboarded",
    summary: "Water billing accounts of the caller, or of an organization they belong to, with amounts due",
    query: z.object({
      userId: z.string().min(1).max(128),
      organizationId: z
        .string()
        .max(64)
        .optional()
        .transform((value) => (value && value !== PERSONAL_ORGANIZATION ? value : undefined)),
    }),
    owner: { in: "query", field: "userId" },
    organization: { in: "query", field: "organizationId", role: "member" },
    example: { query: { userId: "{uid}" } },
    handler: async ({ query }): Promise<BillingAccountSummary[]> =>
      billingAccountsOf(query.organizationId ? { organizationId: query.organizationId } : { userId: query.userId }),
  }),
];
