import { type NotificationPreference, ZNotificationToggle } from "@contract/account-forms";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

export { ZNotificationToggle };

// GET /api/users/notification-prefs/:id
export function getNotificationPrefs(userId: string): Promise<NotificationPreference[]> {
  return api.get(`/users/notification-prefs/${encodeURIComponent(userId)}`);
}

export const notificationPrefsQuery = (userId: string) =>
  queryOptions({ queryKey: ["users", "notification-prefs", userId], queryFn: () => getNotificationPrefs(userId) });

export function useNotificationPrefs(userId: string, enabled = true) {
  return useQuery({ ...notificationPrefsQuery(userId), enabled });
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

export function useToggleNotification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: toggleNotification,
    onSuccess: (prefs, input) => queryClient.setQueryData(notificationPrefsQuery(input.userId).queryKey, prefs),
  });
}
