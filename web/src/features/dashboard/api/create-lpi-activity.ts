import { useMutation, useQueryClient } from "@tanstack/react-query";
import { userActivitiesQueryKey } from "@/api/get-in-progress";
import { api } from "@/lib/api-client";

export interface CreateLpiInput {
  sfParentId: string;
  activityId: string;
  organizationId: string | null;
  userId: string;
}

// POST /api/payment/createLPIUserActivities
export const createLpiActivity = (input: CreateLpiInput) =>
  api.post<{ Id: string; caseNumber: string; existing: boolean }>("/payment/createLPIUserActivities", input);

export function useCreateLpiActivity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createLpiActivity,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userActivitiesQueryKey }),
  });
}
