import type { RouteTable } from "../../platform/http/route";
import { maintenanceAdminRoutes } from "./maintenance-admin.routes";
import { maintenanceInfoRoutes } from "./maintenance-info.routes";

/** Bill-pay maintenance periods and their warnings (spec 3 §3); the design card's `maintenance` function. */
export const maintenanceRoutes: RouteTable = {
  functionName: "maintenance",
  rewrites: ["/api/paymentMaintenanceInfo", "/api/paymentMaintenanceInfo/**", "/api/allPaymentMaintenanceInfo"],
  routes: [...maintenanceInfoRoutes, ...maintenanceAdminRoutes],
};
