import type { NotificationPreference } from "@contract/account-forms";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { ApiError, api } from "@/lib/api-client";

// GET /api/users/notification-prefs/:id
/**
 * The user's delinquent-billing notification settings: the account page edits them and the alert
 * host's prompt depends on them, so both read this one query. A 404 means none yet.
 */
export async function getNotificationPrefs(userId: string): Promise<NotificationPreference[]> {
  try {
    const prefs = await api.get<NotificationPreference[]>(`/users/notification-prefs/${encodeURIComponent(userId)}`);
    return Array.isArray(prefs) ? prefs : [];
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return [];
    throw error;
  }
}

export const notificationPrefsQuery = (userId: string) =>
  queryOptions({
    queryKey: ["users", "notification-prefs", userId],
    queryFn: () => getNotificationPrefs(userId),
    retry: false,
  });

export function useNotificationPrefs(userId: string | null, enabled = true) {
  return useQuery({ ...notificationPrefsQuery(userId ?? ""), enabled: enabled && Boolean(userId) });
}
