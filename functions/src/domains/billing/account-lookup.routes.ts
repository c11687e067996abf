// GET /api/naviline/account?accountNumber=
import { z } from "zod";
import { billingConnector } from "../../connectors/billing/connection";
import type { AccountLookupAnswer } from "../../contract/payment";
import { notFound } from "../../platform/http/api-error";
import { type AnyRoute, route } from "../../platform/http/route";

export const accountLookupRoutes: AnyRoute[] = [
  route({
    method: "GET",
    path: "/api/naviline/account",
    access: "public",
    summary: "Guest payment: looks up a utility account by customer id (customer or customer-location)",
    query: z.object({
      accountNumber: z
        .string()
        .trim()
        .regex(/^\d{1,9}(-\d{1,9})?$/, { message: "Invalid" }),
    }),
    // Spec: lookups are throttled per client so account numbers cannot be enumerated. Misses use the
    // small budget (a found account gives its slot back); every lookup uses the larger one.
    throttle: [
      { name: "account-lookup-misses", key: "client", limit: 10, windowSeconds: 900, counts: "failures" },
      { name: "account-lookup", key: "client", limit: 60, windowSeconds: 900 },
    ],
    example: { query: { accountNumber: "1" } },
    handler: async ({ query }): Promise<AccountLookupAnswer> => {
      const lookup = await billingConnector().lookupAccount(query.accountNumber);
      // A miss is a 4xx so it counts against the misses budget; the page shows the spec's message.
      if (lookup.OutputParms.ErrorCode !== "0000") throw notFound("Could not find account.");
      const { AmountDueWithoutPendingCents, ...parms } = lookup.OutputParms;
      // The spec's answer is in dollars.
      return { OutputParms: { ...parms, AmountDueWithoutPending: AmountDueWithoutPendingCents / 100 } };
    },
  }),
];
