import { bulkRoutes } from "../domains/bulk-notifications/bulk.routes";
import { delinquencyRoutes } from "../domains/delinquency/delinquency.routes";
import { messagesRoutes } from "../domains/messages/messages.routes";
import { systemAlertsAdminRoutes } from "../domains/system-alerts/system-alerts-admin.routes";
import { systemAlertsReadRoutes } from "../domains/system-alerts/system-alerts-read.routes";
import { textWebhookRoutes } from "../domains/text-messages/text-webhooks.routes";
import type { RouteTable } from "../platform/http/route";

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
    ...textWebhookRoutes,
  ],
};
