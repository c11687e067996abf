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

/** Whether a batch's counts still move: it is sending, or notices wait to be sent or for their receipts. */
export function delinquencyBatchMoving(batch: DelinquencyBatch | undefined): boolean {
  if (!batch) return false;
  if (batch.status !== "done") return true;
  return Object.values(batch.messages ?? {}).some((counts) => counts.queued > 0 || counts.sending > 0);
}

/** One page of a batch's rows; the page shown stays until the next one arrives. Asked again every 3 s while it moves. */
export const delinquencyBatchQueryOptions = (id: string, page: number, pageSize: number) =>
  queryOptions({
    queryKey: ["notifications", "delinquencies", id, page, pageSize] as const,
    queryFn: () => getDelinquencyBatch(id, page, pageSize),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (delinquencyBatchMoving(query.state.data) ? 3000 : false),
  });

export function useDelinquencyBatch(id: string, page: number, pageSize: number) {
  return useQuery(delinquencyBatchQueryOptions(id, page, pageSize));
}
