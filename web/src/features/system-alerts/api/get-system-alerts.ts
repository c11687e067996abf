import type { SystemAlert } from "@contract/messages";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { earlyInitialData, earlyOr } from "@/lib/early-requests";
import { persistForSession } from "@/lib/session-query-cache";

// GET /api/systemAlerts
/** A first visit's list comes from the request index.html started early (public/early-requests.js). */
export const getSystemAlerts = () => earlyOr("/systemAlerts", () => api.get<SystemAlert[]>("/systemAlerts"));

export const systemAlertsQueryOptions = () =>
  queryOptions({
    queryKey: ["systemAlerts"],
    queryFn: getSystemAlerts,
    // Already in when the host first renders: the dialog shows in that render.
    ...earlyInitialData<SystemAlert[]>("/systemAlerts"),
    staleTime: 5 * 60_000,
    retry: 1,
    meta: persistForSession,
  });

export const useSystemAlerts = () => useQuery(systemAlertsQueryOptions());
