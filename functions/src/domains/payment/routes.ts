import type { RouteTable } from "../../platform/http/route";
import { lpiActivityRoutes } from "./lpi-activity.routes";
import { maintenanceInfoRoutes } from "./maintenance-info.routes";
import { paymentInformationRoutes } from "./payment-information.routes";

/** Payments, billing accounts (utility billing system), stored methods, autopay, maintenance windows. */
export const paymentRoutes: RouteTable = {
  functionName: "payment",
  rewrites: [
    "/api/payment",
    "/api/payment/**",
    "/api/naviline/**",
    "/api/paymentMaintenanceInfo",
    "/api/paymentMaintenanceInfo/**",
    "/api/allPaymentMaintenanceInfo",
  ],
  routes: [...maintenanceInfoRoutes, ...paymentInformationRoutes, ...lpiActivityRoutes],
};
