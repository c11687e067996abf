import {
  type Activity,
  type ActivityCreateInput,
  type ActivityUpdateInput,
  activityCreateSchema,
  activityUpdateSchema,
} from "@contract/activity";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

export { activityCreateSchema, activityUpdateSchema };

// POST /api/activities
export const createActivity = (input: ActivityCreateInput) => api.post<Activity>("/activities", input);

// PUT /api/activities/:id
export const updateActivity = (id: string, input: ActivityUpdateInput) =>
  api.put<Activity>(`/activities/${encodeURIComponent(id)}`, input);

/** Every cached list of services (the picker's and the admin's) must show the change at once. */
function useInvalidateActivities() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ["activities"] });
}

export function useCreateActivity() {
  const invalidate = useInvalidateActivities();
  return useMutation({ mutationFn: createActivity, onSuccess: invalidate });
}

export function useUpdateActivity(id: string) {
  const invalidate = useInvalidateActivities();
  return useMutation({ mutationFn: (input: ActivityUpdateInput) => updateActivity(id, input), onSuccess: invalidate });
}
