import type { DelinquencyBatch } from "@contract/delinquency";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

// GET /api/notifications/delinquencies
export const getDelinquencyBatches = () => api.get<DelinquencyBatch[]>("/notifications/delinquencies");

export const delinquencyBatchesQueryKey = ["notifications", "delinquencies"] as const;

/** Asked again every 2 s while a batch is being sent. */
export const delinquencyBatchesQueryOptions = () =>
  queryOptions({
    queryKey: delinquencyBatchesQueryKey,
    queryFn: getDelinquencyBatches,
    refetchInterval: (query) => ((query.state.data ?? []).some((batch) => batch.status !== "done") ? 2000 : false),
  });

export function useDelinquencyBatches() {
  return useQuery(delinquencyBatchesQueryOptions());
}
