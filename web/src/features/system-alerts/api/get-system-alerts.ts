import type { SystemAlert } from "@contract/messages";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { earlyInitialData, earlyOr } from "@/lib/early-requests";
import { persistForSession } from "@/lib/session-query-cache";

/** Every alert query: saving one refreshes the dialog's list and the admin's. */
export const systemAlertsKey = ["systemAlerts"] as const;

// GET /api/systemAlerts without a token: the active alerts, the same list for every caller.
/** A first page load's list comes from the request index.html started early (public/early-requests.js). */
export const getActiveSystemAlerts = () =>
  earlyOr("/systemAlerts", () => api.get<SystemAlert[]>("/systemAlerts", { anonymous: true }));

/**
 * The alert dialog's list (spec 1 §4), for visitors and signed-in users alike: asked without the
 * token, it does not wait for Firebase and GET /api/auth, so a signed-in page's dialog (often its
 * largest paint) shows as soon as a visitor's does.
 */
export const activeSystemAlertsQueryOptions = () =>
  queryOptions({
    queryKey: [...systemAlertsKey, "active"],
    queryFn: getActiveSystemAlerts,
    // Already in when the host first renders: the dialog shows in that render.
    ...earlyInitialData<SystemAlert[]>("/systemAlerts"),
    staleTime: 5 * 60_000,
    retry: 1,
    meta: persistForSession,
  });

export const useActiveSystemAlerts = () => useQuery(activeSystemAlertsQueryOptions());

// GET /api/systemAlerts with the admin's token: inactive alerts too (spec 3 §7).
export const allSystemAlertsQueryOptions = () =>
  queryOptions({
    queryKey: [...systemAlertsKey, "all"],
    queryFn: () => api.get<SystemAlert[]>("/systemAlerts"),
  });

export const useAllSystemAlerts = () => useQuery(allSystemAlertsQueryOptions());
