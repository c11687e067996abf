import type { RouteTable } from "../../platform/http/route";
import { accountCreationRoutes } from "./account-creation.routes";
import { activityDetailRoutes } from "./activity-detail.routes";
import { activityFieldsRoutes } from "./activity-fields.routes";
import { boardsRoutes } from "./boards.routes";
import { cityNewsRoutes } from "./city-news.routes";
import { garbagePickupRoutes } from "./garbage-pickup.routes";
import { garbageReminderRoutes } from "./garbage-reminder.routes";
import { inProgressRoutes } from "./in-progress.routes";
import { knowledgeBaseRoutes } from "./knowledge-base.routes";
import { publicFieldsRoutes } from "./public-fields.routes";
import { zoningInquiryRoutes } from "./zoning-inquiry.routes";

/** CRM-backed calls: contacts, organizations, cases and activities, parcels, boards, knowledge base. */
export const salesforceRoutes: RouteTable = {
  functionName: "salesforce",
  rewrites: ["/api/salesforce/**", "/api/activitiesPendingAction", "/api/salesforcePublicField/**"],
  routes: [
    ...accountCreationRoutes,
    ...activityFieldsRoutes,
    ...inProgressRoutes,
    ...garbagePickupRoutes,
    ...cityNewsRoutes,
    ...activityDetailRoutes,
    ...knowledgeBaseRoutes,
    ...publicFieldsRoutes,
    ...boardsRoutes,
    ...zoningInquiryRoutes,
    ...garbageReminderRoutes,
  ],
};
