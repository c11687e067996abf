import { ORGANIZATION_SEARCH_MIN_CHARS, type OrganizationHit } from "@contract/account-forms";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

// GET /api/salesforce/organizations?name=
/** CRM organizations whose name contains the text; the API answers at most 7, leaving out the `exclude` CRM ids. */
export function searchOrganizations(name: string, exclude: string[]): Promise<{ searchRecords: OrganizationHit[] }> {
  const query = new URLSearchParams({ name });
  if (exclude.length > 0) query.set("exclude", exclude.join(","));
  return api.get(`/salesforce/organizations?${query.toString()}`);
}

export const searchOrganizationsQuery = (name: string, exclude: string[]) =>
  queryOptions({
    queryKey: ["salesforce", "organizations", name, exclude],
    queryFn: () => searchOrganizations(name, exclude),
    enabled: name.trim().length >= ORGANIZATION_SEARCH_MIN_CHARS,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });

export function useSearchOrganizations(name: string, exclude: string[]) {
  return useQuery(searchOrganizationsQuery(name.trim(), exclude));
}
