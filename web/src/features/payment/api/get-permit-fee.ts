import type { PermitFee } from "@contract/payment";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

// GET /api/payment/permit-fee?accountNumber=
export function getPermitFee(accountNumber: string): Promise<PermitFee> {
  return api.get<PermitFee>(`/payment/permit-fee?${new URLSearchParams({ accountNumber }).toString()}`);
}

export const permitFeeQueryOptions = (accountNumber: string) =>
  queryOptions({
    queryKey: ["permitFee", accountNumber],
    queryFn: () => getPermitFee(accountNumber),
    // A 404 (not her case, no such number) is an answer, not a hiccup to retry.
    retry: false,
  });

export function usePermitFee(accountNumber: string) {
  return useQuery(permitFeeQueryOptions(accountNumber));
}
