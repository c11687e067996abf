import type { DelinquencyBatch } from "@contract/delinquency";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { delinquencyBatchesQueryKey } from "./get-delinquency-batches";

// POST /api/notifications/delinquencies: re-checked with billing, queued; answers 202 at once.
export const sendDelinquencyBatch = (delinquencyData: string) =>
  api.post<DelinquencyBatch>("/notifications/delinquencies", { delinquencyData });

export function useSendDelinquencyBatch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendDelinquencyBatch,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: delinquencyBatchesQueryKey }),
  });
}
