import type { RouteTable } from "../../platform/http/route";

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
  routes: [],
};
