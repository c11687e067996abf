import type { RouteTable } from "../../platform/http/route";
import { accountLookupRoutes } from "./account-lookup.routes";
import { billingRecordsRoutes } from "./billing-records.routes";
import { paymentInformationRoutes } from "./payment-information.routes";

/** Calls answered from the utility billing system (`/api/naviline/*`); the design card's `naviline` function. */
export const navilineRoutes: RouteTable = {
  functionName: "naviline",
  rewrites: ["/api/naviline/**"],
  routes: [...paymentInformationRoutes, ...billingRecordsRoutes, ...accountLookupRoutes],
};
