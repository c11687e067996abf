import { accountLookupRoutes } from "../domains/billing/account-lookup.routes";
import { billingRecordsRoutes } from "../domains/billing/billing-records.routes";
import { paymentInformationRoutes } from "../domains/billing/payment-information.routes";
import type { RouteTable } from "../platform/http/route";

/** Calls answered from the utility billing system (`/api/naviline/*`); the design card's `naviline` function. */
export const navilineRoutes: RouteTable = {
  functionName: "naviline",
  rewrites: ["/api/naviline/**"],
  routes: [...paymentInformationRoutes, ...billingRecordsRoutes, ...accountLookupRoutes],
};
