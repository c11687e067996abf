import type { DelinquencyBatch } from "@contract/delinquency";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

// GET /api/notifications/delinquencies/:id?page=&pageSize=
export const getDelinquencyBatch = (id: string, page: number, pageSize: number) =>
  api.get<DelinquencyBatch>(
    `/notifications/delinquencies/${encodeURIComponent(id)}?${new URLSearchParams({
      page: String(page),
      pageSize: String(pageSize),
    })}`,
  );

/** One page of a batch's rows; the page shown stays until the next one arrives. */
export const delinquencyBatchQueryOptions = (id: string, page: number, pageSize: number) =>
  queryOptions({
    queryKey: ["notifications", "delinquencies", id, page, pageSize] as const,
    queryFn: () => getDelinquencyBatch(id, page, pageSize),
    placeholderData: keepPreviousData,
  });

export function useDelinquencyBatch(id: string, page: number, pageSize: number) {
  return useQuery(delinquencyBatchQueryOptions(id, page, pageSize));
}
