import type { Activity } from "@contract/activity";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

// GET /api/activities?userId=
/** Published services, sorted by Order then Item (the server sorts). */
export function getActivities(userId: string | null): Promise<Activity[]> {
  return api.get<Activity[]>(userId ? `/activities?userId=${encodeURIComponent(userId)}` : "/activities");
}

export const activitiesQueryKey = ["activities"] as const;

export const activitiesQueryOptions = (userId: string | null) =>
  queryOptions({
    queryKey: [...activitiesQueryKey, "published", userId],
    queryFn: () => getActivities(userId),
    staleTime: 30_000,
  });

export function useActivities(userId: string | null) {
  return useQuery(activitiesQueryOptions(userId));
}
