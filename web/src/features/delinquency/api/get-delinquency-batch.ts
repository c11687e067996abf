import type { DelinquencyBatch } from "@contract/delinquency";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

// GET /api/notifications/delinquencies/:id
export const getDelinquencyBatch = (id: string) =>
  api.get<DelinquencyBatch>(`/notifications/delinquencies/${encodeURIComponent(id)}`);

export const delinquencyBatchQueryOptions = (id: string) =>
  queryOptions({ queryKey: ["notifications", "delinquencies", id] as const, queryFn: () => getDelinquencyBatch(id) });

export function useDelinquencyBatch(id: string) {
  return useQuery(delinquencyBatchQueryOptions(id));
}
