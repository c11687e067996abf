import { accountCreationRoutes } from "../domains/accounts/account-creation.routes";
import { landParcelRoutes } from "../domains/accounts/land-parcel.routes";
import { boardsRoutes } from "../domains/boards/boards.routes";
import { caseUpdatesRoutes } from "../domains/case-updates/case-updates.routes";
import { activityDetailRoutes } from "../domains/cases/activity-detail.routes";
import { activityFieldsRoutes } from "../domains/cases/activity-fields.routes";
import { inProgressRoutes } from "../domains/cases/in-progress.routes";
import { cityNewsRoutes } from "../domains/city-news/city-news.routes";
import { garbagePickupRoutes } from "../domains/garbage/garbage-pickup.routes";
import { garbageReminderRoutes } from "../domains/garbage/garbage-reminder.routes";
import { knowledgeBaseRoutes } from "../domains/knowledge-base/knowledge-base.routes";
import { publicFieldsRoutes } from "../domains/public-fields/public-fields.routes";
import { zoningInquiryRoutes } from "../domains/zoning/zoning-inquiry.routes";
import type { RouteTable } from "../platform/http/route";

/** CRM-backed calls: contacts, organizations, cases and activities, parcels, boards, knowledge base. */
export const salesforceRoutes: RouteTable = {
  functionName: "salesforce",
  rewrites: ["/api/salesforce/**", "/api/activitiesPendingAction", "/api/salesforcePublicField/**"],
  routes: [
    ...accountCreationRoutes,
    ...landParcelRoutes,
    ...activityFieldsRoutes,
    ...inProgressRoutes,
    ...garbagePickupRoutes,
    ...cityNewsRoutes,
    ...activityDetailRoutes,
    ...caseUpdatesRoutes,
    ...knowledgeBaseRoutes,
    ...publicFieldsRoutes,
    ...boardsRoutes,
    ...zoningInquiryRoutes,
    ...garbageReminderRoutes,
  ],
};
