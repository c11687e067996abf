// GET /api/salesforce/inProgress?organizationId=
// GET /api/activitiesPendingAction?organizationId=
import { type DashboardActivity, type InProgressResponse, isCompletedStatus } from "../../contract/case-status";
import { ZOrganizationQuery } from "../../platform/http/organization-field";
import { requireUser } from "../../platform/http/principal";
import { type AnyRoute, route } from "../../platform/http/route";
import { activitiesOf } from "./activities.service";

export const inProgressRoutes: AnyRoute[] = [
  route({
    method: "GET",
    path: "/api/salesforce/inProgress",
    access: "onboarded",
    summary: "The caller's (and the selected organization's) activities: in progress and completed",
    query: ZOrganizationQuery,
    organization: { in: "query", field: "organizationId", role: "member" },
    handler: async ({ user, query }): Promise<InProgressResponse> => {
      const activities = await activitiesOf(requireUser(user), query.organizationId ?? null);
      return {
        inProgress: activities.filter((activity) => !isCompletedStatus(activity.status)),
        completed: activities.filter((activity) => isCompletedStatus(activity.status)),
      };
    },
  }),
  route({
    method: "GET",
    path: "/api/activitiesPendingAction",
    access: "onboarded",
    summary: "The caller's open activities that need action; the banner shows the count",
    query: ZOrganizationQuery,
    organization: { in: "query", field: "organizationId", role: "member" },
    handler: async ({ user, query }): Promise<DashboardActivity[]> => {
      const activities = await activitiesOf(requireUser(user), query.organizationId ?? null);
      return activities.filter((activity) => activity.actionRequired && !isCompletedStatus(activity.status));
    },
  }),
];
