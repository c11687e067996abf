import type { PermitDetail, PermitRow } from "@contract/permits";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

export type PermitCriteria =
  | { streetName: string; streetNumber: string }
  | { ownerName: string }
  | { parcelNumber: string };

// GET /api/permits/search?streetName=&streetNumber= | ownerName= | parcelNumber=
export function searchPermits(criteria: PermitCriteria): Promise<PermitRow[]> {
  return api.get<PermitRow[]>(`/permits/search?${new URLSearchParams(criteria)}`);
}

export const permitSearchQueryOptions = (criteria: PermitCriteria) =>
  queryOptions({
    queryKey: ["permits", "search", criteria],
    queryFn: () => searchPermits(criteria),
    staleTime: 60_000,
  });

export function usePermitSearch(criteria: PermitCriteria | null) {
  return useQuery({ ...permitSearchQueryOptions(criteria ?? { ownerName: "" }), enabled: criteria !== null });
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
