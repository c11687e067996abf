import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

// DELETE /api/activities/:id
export const deleteActivity = (id: string) => api.delete<void>(`/activities/${encodeURIComponent(id)}`);

export function useDeleteActivity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteActivity,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["activities"] }),
  });
}
