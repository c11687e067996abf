import { useMutation, useQueryClient } from "@tanstack/react-query";
import { userActivitiesQueryKey } from "@/api/get-in-progress";
import { api } from "@/lib/api-client";
import { activityDetailQueryKey } from "./get-activity-detail";

// DELETE /api/salesforce/activity/{type}/{id}
export const cancelActivity = (type: string, id: string) =>
  api.delete<{ status: string }>(`/salesforce/activity/${encodeURIComponent(type)}/${encodeURIComponent(id)}`);

export function useCancelActivity(type: string, id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => cancelActivity(type, id),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: activityDetailQueryKey(type, id) }),
        queryClient.invalidateQueries({ queryKey: userActivitiesQueryKey }),
      ]),
  });
}
