import type { Activity } from "@contract/activity";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { activitiesQueryKey } from "./get-activities";

// GET /api/activities/:id
export function getActivity(id: string): Promise<Activity> {
  return api.get<Activity>(`/activities/${encodeURIComponent(id)}`);
}

export const activityQueryOptions = (id: string) =>
  queryOptions({ queryKey: [...activitiesQueryKey, "one", id], queryFn: () => getActivity(id), retry: false });

export function useActivity(id: string | null) {
  return useQuery({ ...activityQueryOptions(id ?? ""), enabled: Boolean(id) });
}
