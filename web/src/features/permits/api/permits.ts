import type { PermitDetail, PermitSearchPage } from "@contract/permits";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

export type PermitCriteria =
  | { streetName: string; streetNumber: string }
  | { ownerName: string }
  | { parcelNumber: string };

// GET /api/permits/search?streetName=&streetNumber= | ownerName= | parcelNumber= &page=
/** One page (0-based) of the permits matching the criteria. */
export function searchPermits(criteria: PermitCriteria, page: number): Promise<PermitSearchPage> {
  return api.get<PermitSearchPage>(`/permits/search?${new URLSearchParams({ ...criteria, page: String(page) })}`);
}

export const permitSearchQueryOptions = (criteria: PermitCriteria, page: number) =>
  queryOptions({
    queryKey: ["permits", "search", criteria, page],
    queryFn: () => searchPermits(criteria, page),
    staleTime: 60_000,
  });

export function usePermitSearch(criteria: PermitCriteria | null, page: number) {
  return useQuery({ ...permitSearchQueryOptions(criteria ?? { ownerName: "" }, page), enabled: criteria !== null });
}

// GET /api/permits/:year/:number
export function getPermit(year: string, number: string): Promise<PermitDetail> {
  return api.get<PermitDetail>(`/permits/${encodeURIComponent(year)}/${encodeURIComponent(number)}`);
}

export function usePermit(permit: { year: string; number: string } | null) {
  return useQuery({
    queryKey: ["permits", "detail", permit?.year, permit?.number],
    queryFn: () => getPermit(permit?.year ?? "", permit?.number ?? ""),
    enabled: permit !== null,
    staleTime: 60_000,
  });
}
