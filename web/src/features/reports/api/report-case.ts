import type { MeTooResult, PublicReportCase, UnfollowResult } from "@contract/reports";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

/** Per caller: what a signed-out visitor was shown (not followed) is not what she sees once signed in. */
const reportCaseKey = (caseId: string, userId: string | null) => ["reports", "case", caseId, userId] as const;
const caseUrl = (caseId: string) => `/reports/${encodeURIComponent(caseId)}`;

// GET /api/reports/:caseId (a signed-out visitor's too: `userId` null)
export const useReportCase = (caseId: string, userId: string | null) =>
  useQuery({
    queryKey: reportCaseKey(caseId, userId),
    queryFn: () => api.get<PublicReportCase>(caseUrl(caseId)),
    // A 404 (no such report, or a private one) is an answer, not a hiccup to retry.
    retry: false,
  });

/**
 * Follow (POST /api/reports/:caseId/me-too) or stop following (DELETE): the page's case takes the
 * answer at once, and the nearby lists read again (their counts changed).
 */
export function useFollowCase(caseId: string, userId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (follow: boolean) =>
      follow
        ? api.post<MeTooResult>(`${caseUrl(caseId)}/me-too`)
        : api.delete<UnfollowResult>(`${caseUrl(caseId)}/me-too`),
    onSuccess: (result, follow) => {
      queryClient.setQueryData<PublicReportCase>(reportCaseKey(caseId, userId), (current) =>
        current ? { ...current, following: follow, reporters: result.reporters } : current,
      );
      void queryClient.invalidateQueries({ queryKey: ["reports", "nearby"] });
    },
  });
}
