import type { PaymentMaintenanceInfo, SystemAlert } from "@contract/messages";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { ApiError, api } from "@/lib/api-client";
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

// GET /api/paymentMaintenanceInfo
export const getMaintenanceInfo = () => api.get<PaymentMaintenanceInfo>("/paymentMaintenanceInfo");

export const useMaintenanceInfo = () =>
  useQuery({
    queryKey: ["paymentMaintenanceInfo"],
    queryFn: getMaintenanceInfo,
    staleTime: 60_000,
    retry: 1,
    meta: persistForSession,
  });

export interface NotificationPreference {
  notificationId: string;
  notificationName: string;
  enabled: boolean;
  optedOut: boolean;
}

// GET /api/users/notification-prefs/:id
/** The user's notification preferences; a missing route or record (404) means none yet. */
export async function getNotificationPrefs(userId: string): Promise<NotificationPreference[]> {
  try {
    const prefs = await api.get<NotificationPreference[]>(`/users/notification-prefs/${encodeURIComponent(userId)}`);
    return Array.isArray(prefs) ? prefs : [];
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return [];
    throw error;
  }
}

export const useNotificationPrefs = (userId: string | null, enabled: boolean) =>
  useQuery({
    queryKey: ["notification-prefs", userId],
    queryFn: () => getNotificationPrefs(userId as string),
    enabled: enabled && Boolean(userId),
    retry: false,
  });
