import type { ActivityDetail } from "@contract/activity-detail";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

// GET /api/salesforce/activity/{type}/{id}
export const getActivityDetail = (type: string, id: string) =>
  api.get<ActivityDetail>(`/salesforce/activity/${encodeURIComponent(type)}/${encodeURIComponent(id)}`);

export const activityDetailQueryKey = (type: string, id: string) => ["activity-detail", type, id] as const;

export const activityDetailQueryOptions = (type: string, id: string) =>
  queryOptions({
    queryKey: activityDetailQueryKey(type, id),
    queryFn: () => getActivityDetail(type, id),
    // A 404 (not yours, or no such record) is an answer, not a hiccup to retry.
    retry: false,
  });

export const useActivityDetail = (type: string, id: string) => useQuery(activityDetailQueryOptions(type, id));
