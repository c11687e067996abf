import {
  type BulkNotification,
  type BulkNotificationFormValues,
  bulkNotificationFormSchema,
} from "@contract/bulk-notifications";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { bulkNotificationsQueryKey } from "./get-bulk-notifications";

export { bulkNotificationFormSchema };

// POST /api/notifications/bulk: a new notification, or a resend of a past one. Answers 202 at once.
export const sendBulkNotification = (input: BulkNotificationFormValues | { pushNotificationId: string }) =>
  api.post<BulkNotification>("/notifications/bulk", input);

export function useSendBulkNotification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendBulkNotification,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bulkNotificationsQueryKey }),
  });
}
