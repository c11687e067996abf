import type { AccountLookupAnswer } from "@contract/payment";
import { useMutation } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

// GET /api/naviline/account?accountNumber= (a mutation: the guest asks once per press of Look up)
export function lookupAccount(accountNumber: string): Promise<AccountLookupAnswer> {
  return api.get<AccountLookupAnswer>(`/naviline/account?${new URLSearchParams({ accountNumber })}`);
}

export function useLookupAccount() {
  return useMutation({ mutationFn: lookupAccount });
}
