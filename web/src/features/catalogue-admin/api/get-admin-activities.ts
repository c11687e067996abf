import type { Activity } from "@contract/activity";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

// GET /api/activities/all
export const getAdminActivities = () => api.get<Activity[]>("/activities/all");

export const adminActivitiesQueryKey = ["activities", "admin"] as const;

export const adminActivitiesQueryOptions = () =>
  queryOptions({ queryKey: adminActivitiesQueryKey, queryFn: getAdminActivities });

export function useAdminActivities() {
  return useQuery(adminActivitiesQueryOptions());
}
