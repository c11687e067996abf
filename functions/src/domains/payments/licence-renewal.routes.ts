// POST /api/licenses/renew/calc
import { billingConnector } from "../../connectors/billing/connection";
import { type LicenceFeeAnswer, ZLicenceRenewal } from "../../contract/payment";
import { type AnyRoute, route } from "../../platform/http/route";

export const licenceRenewalRoutes: AnyRoute[] = [
  route({
    method: "POST",
    path: "/api/licenses/renew/calc",
    access: "public",
    summary: "Business licence renewal fees for a year, licence number and PIN (spec 2 §3)",
    body: ZLicenceRenewal.strict(),
    // A wrong PIN answers like an unknown licence: guesses are limited per client.
    throttle: [{ name: "licence-fees", key: "client", limit: 20, windowSeconds: 900, counts: "failures" }],
    example: { body: { licenseYear: "25", licenseNumber: "BL-0000", licensePIN: "0000" } },
    handler: async ({ body }): Promise<LicenceFeeAnswer> => {
      const fees = await billingConnector().calculateLicenceFees(body);
      return { success: fees.success, fees: fees.fees, penalty: fees.penalty, message: fees.message };
    },
  }),
];
