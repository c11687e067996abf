import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

export interface CrmFieldOption {
  name: string;
  label: string;
  type: string;
}

// GET /api/salesforce/activity/:objectId/fields
export const getCrmFields = (objectId: string) =>
  api.get<CrmFieldOption[]>(`/salesforce/activity/${encodeURIComponent(objectId)}/fields`);

export const crmFieldsQueryOptions = (objectId: string) =>
  queryOptions({
    queryKey: ["salesforce", "fields", objectId],
    queryFn: () => getCrmFields(objectId),
    staleTime: 60 * 60_000,
  });

export function useCrmFields(objectId: string | null | undefined) {
  return useQuery({ ...crmFieldsQueryOptions(objectId ?? ""), enabled: Boolean(objectId) });
}
