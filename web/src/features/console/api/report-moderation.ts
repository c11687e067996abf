import type { ModeratedReport, ModerationChange } from "@contract/report-moderation";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, apiBlob } from "@/lib/api-client";

const reportPath = (caseNumber: string) => `/console/reports/${encodeURIComponent(caseNumber)}`;

// GET /api/console/reports/:caseNumber
export const getModeratedReport = (caseNumber: string) => api.get<ModeratedReport>(reportPath(caseNumber));

export const moderatedReportQueryOptions = (caseNumber: string) =>
  queryOptions({
    queryKey: ["console", "report", caseNumber],
    queryFn: () => getModeratedReport(caseNumber),
    retry: false,
  });

/** A report staff moderate (issue 31), once a case number is chosen. */
export const useModeratedReport = (caseNumber: string | null) =>
  useQuery({ ...moderatedReportQueryOptions(caseNumber ?? ""), enabled: caseNumber !== null });

/** A moderation answer is the report as it now is: it replaces the query's data. */
function useModeration<I>(caseNumber: string, call: (input: I) => Promise<ModeratedReport>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (report) => client.setQueryData(moderatedReportQueryOptions(caseNumber).queryKey, report),
  });
}

// PATCH /api/console/reports/:caseNumber
export const useModerateReport = (caseNumber: string) =>
  useModeration(caseNumber, (change: ModerationChange) => api.patch<ModeratedReport>(reportPath(caseNumber), change));

// POST /api/console/reports/:caseNumber/photos/:index/redact
export const useRedactPhoto = (caseNumber: string) =>
  useModeration(caseNumber, (index: number) =>
    api.post<ModeratedReport>(`${reportPath(caseNumber)}/photos/${index}/redact`),
  );

// GET /api/console/reports/:caseNumber/photos/:index (the original, with the staff member's token)
export const useOriginalPhoto = (caseNumber: string, index: number) =>
  useQuery({
    queryKey: ["console", "report", caseNumber, "photo", index],
    queryFn: () => apiBlob(`${reportPath(caseNumber)}/photos/${index}`),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
