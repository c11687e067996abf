import { maintenanceAdminRoutes } from "../domains/maintenance/maintenance-admin.routes";
import { maintenanceInfoRoutes } from "../domains/maintenance/maintenance-info.routes";
import type { RouteTable } from "../platform/http/route";

/** Bill-pay maintenance periods and their warnings (spec 3 §3); the design card's `maintenance` function. */
export const maintenanceRoutes: RouteTable = {
  functionName: "maintenance",
  rewrites: ["/api/paymentMaintenanceInfo", "/api/paymentMaintenanceInfo/**", "/api/allPaymentMaintenanceInfo"],
  routes: [...maintenanceInfoRoutes, ...maintenanceAdminRoutes],
};
