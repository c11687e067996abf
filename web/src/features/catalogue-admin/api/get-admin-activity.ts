import type { Activity } from "@contract/activity";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

// GET /api/activities/:id
export const getAdminActivity = (id: string) => api.get<Activity>(`/activities/${encodeURIComponent(id)}`);

export const adminActivityQueryOptions = (id: string) =>
  queryOptions({ queryKey: ["activities", "admin", id], queryFn: () => getAdminActivity(id), retry: false });

export function useAdminActivity(id: string) {
  return useQuery(adminActivityQueryOptions(id));
}
