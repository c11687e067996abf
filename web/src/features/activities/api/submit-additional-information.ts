import type { AdditionalInformationInput, AdditionalInformationResult } from "@contract/activity-detail";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { userActivitiesQueryKey } from "@/api/get-in-progress";
import { api } from "@/lib/api-client";
import { activityDetailQueryKey } from "./get-activity-detail";

export { ZAdditionalInformationInput } from "@contract/activity-detail";

// POST /api/salesforce/activity/{type}/{id}/additionalInformation
export const submitAdditionalInformation = (type: string, id: string, input: AdditionalInformationInput) =>
  api.post<AdditionalInformationResult>(
    `/salesforce/activity/${encodeURIComponent(type)}/${encodeURIComponent(id)}/additionalInformation`,
    input,
  );

export function useSubmitAdditionalInformation(type: string, id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AdditionalInformationInput) => submitAdditionalInformation(type, id, input),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: activityDetailQueryKey(type, id) }),
        queryClient.invalidateQueries({ queryKey: userActivitiesQueryKey }),
      ]),
  });
}
