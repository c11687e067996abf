// POST /api/licenses/renew/calc
import { billingConnector } from "../../connectors/billing/connection";
import { type LicenseFeeAnswer, ZLicenseRenewal } from "../../contract/payment";
import { type AnyRoute, route } from "../../platform/http/route";

export const licenseRenewalRoutes: AnyRoute[] = [
  route({
    method: "POST",
    path: "/api/licenses/renew/calc",
    access: "public",
    summary: "Business license renewal fees for a year, license number and PIN (spec 2 §3)",
    body: ZLicenseRenewal.strict(),
    // A wrong PIN answers like an unknown license, 200 { success: false } (spec 2 §3): `missed`
    // makes it count. PINs are 4 digits and license numbers sequential, so guesses are limited per
    // client and per license (a mistyped PIN or two is normal; a day of guessing is 10 tries).
    throttle: [
      { name: "license-fees", key: "client", limit: 20, windowSeconds: 900, counts: "failures" },
      {
        name: "license-fees-license",
        // "BL-0042", "bl 0042" and "BL0042" are one license.
        key: { in: "body", field: "licenseNumber", normalize: (value: string) => value.replace(/[^a-z0-9]/g, "") },
        limit: 10,
        windowSeconds: 86_400,
        counts: "failures",
      },
    ],
    missed: (result) => (result as LicenseFeeAnswer).success !== true,
    example: { body: { licenseYear: "25", licenseNumber: "BL-0000", licensePIN: "0000" } },
    handler: async ({ body }): Promise<LicenseFeeAnswer> => {
      const fees = await billingConnector().calculateLicenseFees(body);
      // The spec's answer is in dollars (the page compares the fees with 1).
      return {
        success: fees.success,
        fees: fees.feeCents / 100,
        penalty: fees.penaltyCents / 100,
        message: fees.message,
      };
    },
  }),
];
