import { type NotificationPreference, ZNotificationToggle } from "@contract/account-forms";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { notificationPrefsQuery } from "./get-notification-prefs";

export { ZNotificationToggle };

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
