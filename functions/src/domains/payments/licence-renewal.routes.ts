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
    // A wrong PIN answers like an unknown licence, 200 { success: false } (spec 2 §3): `missed`
    // makes it count. PINs are 4 digits and licence numbers sequential, so guesses are limited per
    // client and per licence (a mistyped PIN or two is normal; a day of guessing is 10 tries).
    throttle: [
      { name: "licence-fees", key: "client", limit: 20, windowSeconds: 900, counts: "failures" },
      {
        name: "licence-fees-licence",
        // "BL-0042", "bl 0042" and "BL0042" are one licence.
        key: { in: "body", field: "licenseNumber", normalize: (value: string) => value.replace(/[^a-z0-9]/g, "") },
        limit: 10,
        windowSeconds: 86_400,
        counts: "failures",
      },
    ],
    missed: (result) => (result as LicenceFeeAnswer).success !== true,
    example: { body: { licenseYear: "25", licenseNumber: "BL-0000", licensePIN: "0000" } },
    handler: async ({ body }): Promise<LicenceFeeAnswer> => {
      const fees = await billingConnector().calculateLicenceFees(body);
      return { success: fees.success, fees: fees.fees, penalty: fees.penalty, message: fees.message };
    },
  }),
];
