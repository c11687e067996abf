import type { RouteTable } from "../../platform/http/route";
import { licenceRenewalRoutes } from "./licence-renewal.routes";
import { lpiActivityRoutes } from "./lpi-activity.routes";
import { submitRoutes } from "./submit.routes";

/** Payments: card and bank payments, stored methods, autopay, payment history, late-payment interest. */
export const paymentRoutes: RouteTable = {
  functionName: "payment",
  rewrites: [
    "/api/payment",
    "/api/payment/**",
    // Paying: licence renewal fees
    "/api/licenses/**",
  ],
  routes: [...lpiActivityRoutes, ...submitRoutes, ...licenceRenewalRoutes],
};
