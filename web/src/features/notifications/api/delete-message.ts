import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { notificationsQueryKey } from "./get-unread-count";

// DELETE /api/notifications/:id
export const deleteMessage = (id: string) => api.delete<{ deleted: true }>(`/notifications/${encodeURIComponent(id)}`);

export function useDeleteMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteMessage,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationsQueryKey }),
  });
}
