import { type NotificationPreference, ZNotificationToggle } from "@contract/account-forms";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ApiError, api } from "@/lib/api-client";

export { ZNotificationToggle };

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

// POST /api/users/notification-prefs/:id/:setting
export function toggleNotification(input: {
  userId: string;
  notificationId: string;
  enabled: boolean;
}): Promise<NotificationPreference[]> {
  return api.post(
    `/users/notification-prefs/${encodeURIComponent(input.userId)}/${encodeURIComponent(input.notificationId)}`,
    ZNotificationToggle.parse({ enabled: input.enabled }),
  );
}

/** Switches one setting; the answer (every setting) replaces the query's data for every reader. */
export function useToggleNotification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: toggleNotification,
    onSuccess: (prefs, input) => queryClient.setQueryData(notificationPrefsQuery(input.userId).queryKey, prefs),
  });
}
