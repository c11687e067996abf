import type { FixedAnswerInput, FixedAnswerResult } from "@contract/case-updates";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { userActivitiesQueryKey } from "@/api/get-in-progress";
import { api } from "@/lib/api-client";
import { activityDetailQueryKey } from "./get-activity-detail";

export { ZFixedAnswerInput } from "@contract/case-updates";

// POST /api/salesforce/activity/Case/{id}/fixed
export const answerFixedQuestion = (id: string, input: FixedAnswerInput) =>
  api.post<FixedAnswerResult>(`/salesforce/activity/Case/${encodeURIComponent(id)}/fixed`, input);

/** "Is it fixed?": "no" reopens the case, so the case and the lists are read again. */
export function useAnswerFixedQuestion(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: FixedAnswerInput) => answerFixedQuestion(id, input),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: activityDetailQueryKey("Case", id) }),
        queryClient.invalidateQueries({ queryKey: userActivitiesQueryKey }),
      ]),
  });
}
