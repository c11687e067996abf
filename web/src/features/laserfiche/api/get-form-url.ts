import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

export interface FormUrlAnswer {
  /** The hosted form's address, with the portal's submission id and the applicant's values. */
  url: string;
  /** The forms service's origin: the only sender whose messages the page believes. */
  origin: string;
  /** The id the form will report back on submit (also in the URL). */
  portalSubmissionId: string;
}

// GET /api/laserfiche/formUrl?bpid=&params=
export const getFormUrl = (bpid: string, params: string) =>
  api.get<FormUrlAnswer>(
    `/laserfiche/formUrl?bpid=${encodeURIComponent(bpid)}${params ? `&params=${encodeURIComponent(params)}` : ""}`,
  );

export const formUrlQueryOptions = (bpid: string, params: string) =>
  queryOptions({
    queryKey: ["laserfiche", "formUrl", bpid, params],
    queryFn: () => getFormUrl(bpid, params),
    // Each visit is a new submission.
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });

export function useFormUrl(bpid: string, params: string, enabled: boolean) {
  return useQuery({ ...formUrlQueryOptions(bpid, params), enabled });
}
