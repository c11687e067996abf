// GET /api/payment/permit-fee?accountNumber=
import { type PermitFee, ZPermitFeeRef } from "../../contract/payment";
import { type AnyRoute, route } from "../../platform/http/route";
import { permitFeeFor } from "./case-fee.service";

/** The case fee /payment?accountType=PERMIT shows (spec 2 §2, §9): the amount and lines are the CRM record's. */
export const permitFeeRoutes: AnyRoute[] = [
  route({
    method: "GET",
    path: "/api/payment/permit-fee",
    access: "onboarded",
    summary: "The fee of one of the caller's cases by its number, with its itemized lines, as the CRM keeps it",
    query: ZPermitFeeRef,
    // Each call asks the CRM (a few queries); a wrong number counts against the caller's budget too.
    throttle: [{ name: "permit-fee", key: "caller", limit: 120, windowSeconds: 3600 }],
    // The seeded resident's permit waiting for payment (emulators/src/seed/city-activities.ts).
    example: { query: { accountNumber: "COE-2026-00001" } },
    handler: async ({ query, user }): Promise<PermitFee> => {
      const { activityType, ...fee } = await permitFeeFor(user, { accountNumber: query.accountNumber });
      return { ...fee, activityType };
    },
  }),
];
