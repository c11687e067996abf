import type { SystemAlert } from "@contract/messages";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { persistForSession } from "@/lib/session-query-cache";

// GET /api/systemAlerts
export const getSystemAlerts = () => api.get<SystemAlert[]>("/systemAlerts");

export const systemAlertsQueryOptions = () =>
  queryOptions({
    queryKey: ["systemAlerts"],
    queryFn: getSystemAlerts,
    staleTime: 5 * 60_000,
    retry: 1,
    meta: persistForSession,
  });

export const useSystemAlerts = () => useQuery(systemAlertsQueryOptions());
