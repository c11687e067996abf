import { PERSONAL_ORGANIZATION } from "@contract/access";
import type { DashboardActivity, InProgressResponse } from "@contract/case-status";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

const organizationQuery = (organizationId: string) =>
  organizationId && organizationId !== PERSONAL_ORGANIZATION
    ? `?organizationId=${encodeURIComponent(organizationId)}`
    : "";

// GET /api/salesforce/inProgress?organizationId=
export const getInProgress = (organizationId: string) =>
  api.get<InProgressResponse>(`/salesforce/inProgress${organizationQuery(organizationId)}`);

export const userActivitiesQueryKey = ["user-activities"] as const;

export const inProgressQueryOptions = (organizationId: string) =>
  queryOptions({
    queryKey: [...userActivitiesQueryKey, "in-progress", organizationId],
    queryFn: () => getInProgress(organizationId),
    staleTime: 60_000,
  });

export const useInProgress = (organizationId: string) => useQuery(inProgressQueryOptions(organizationId));
/**
 * The Attention panel's items: the open activities that need action. The same list GET
 * /api/activitiesPendingAction answers (that route stays for other callers), read from the
 * in-progress answer the dashboard loads anyway: one call instead of two.
 */
export function attentionItems(response: InProgressResponse): DashboardActivity[] {
  return response.inProgress.filter((activity) => activity.actionRequired);
}

export const usePendingAction = (organizationId: string) =>
  useQuery({ ...inProgressQueryOptions(organizationId), select: attentionItems });

/** The Recent Activity panel's rows: the newest across active and completed (spec 1 §9: 3). */
export function recentActivities(response: InProgressResponse | undefined, count = 3): DashboardActivity[] {
  if (!response) return [];
  return [...response.inProgress, ...response.completed]
    .sort((a, b) => b.lastModified.localeCompare(a.lastModified))
    .slice(0, count);
}
