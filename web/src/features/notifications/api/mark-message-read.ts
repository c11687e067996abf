import type { PortalMessage } from "@contract/messages";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { notificationsQueryKey } from "./get-unread-count";

// PUT /api/notifications/:id/read
export const markMessageRead = (id: string) => api.put<PortalMessage>(`/notifications/${encodeURIComponent(id)}/read`);

/** Marks a message read; the list and the header badge reload. */
export function useMarkMessageRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markMessageRead,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationsQueryKey }),
  });
}
