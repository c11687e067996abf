import type { RouteTable } from "../../platform/http/route";
import { bulkRoutes } from "./bulk.routes";
import { delinquencyRoutes } from "./delinquency.routes";
import { messagesRoutes } from "./messages.routes";
import { systemAlertsAdminRoutes } from "./system-alerts-admin.routes";
import { systemAlertsReadRoutes } from "./system-alerts-read.routes";

/** In-app messages, system alerts, bulk and delinquency notifications. */
export const notificationsRoutes: RouteTable = {
  functionName: "notifications",
  rewrites: ["/api/notifications", "/api/notifications/**", "/api/systemAlerts", "/api/systemAlerts/**"],
  routes: [
    ...messagesRoutes,
    ...systemAlertsReadRoutes,
    ...systemAlertsAdminRoutes,
    ...bulkRoutes,
    ...delinquencyRoutes,
  ],
};
