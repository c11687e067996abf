import type { DelinquencySummary } from "@contract/delinquency";
import { useMutation } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

// POST /api/notifications/delinquencies/verify
export const verifyDelinquencyFile = (delinquencyData: string) =>
  api.post<DelinquencySummary>("/notifications/delinquencies/verify", { delinquencyData });

export function useVerifyDelinquencyFile() {
  return useMutation({ mutationFn: verifyDelinquencyFile });
}
