import type { RouteTable } from "../../platform/http/route";

/** In-app messages, system alerts, bulk and delinquency notifications. */
export const notificationsRoutes: RouteTable = {
  functionName: "notifications",
  rewrites: ["/api/notifications", "/api/notifications/**", "/api/systemAlerts", "/api/systemAlerts/**"],
  routes: [],
};
