import { PERSONAL_ORGANIZATION } from "@contract/access";
import type { AccountAutopay, SaveAutopayInput } from "@contract/autopay";
import type { BillingAccountSummary } from "@contract/messages";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { paymentInformationQueryPrefix } from "@/api/get-payment-information";
import { paymentMethodsQueryKey } from "@/api/payment-methods";
import { api } from "@/lib/api-client";
import { freshUnlessSignedOut, nullWhenSignedOut } from "@/lib/auth/signed-out-answer";

export type AccountWithAutopay = BillingAccountSummary & { Autopay?: AccountAutopay };

// GET /api/naviline/paymentInformation?userId=&organizationId=&autopay=true; null on 401 (spec 2 §8 X7)
export const getAccountsWithAutopay = (userId: string, organizationId: string) => {
  const query = new URLSearchParams({ userId, autopay: "true" });
  if (organizationId && organizationId !== PERSONAL_ORGANIZATION) query.set("organizationId", organizationId);
  return nullWhenSignedOut(() => api.get<AccountWithAutopay[]>(`/naviline/paymentInformation?${query}`));
};

/** Under the payment-information prefix, so every account change refreshes it too. */
export const accountsWithAutopayQueryOptions = (userId: string, organizationId: string) =>
  queryOptions({
    queryKey: [...paymentInformationQueryPrefix(userId), organizationId, "autopay"],
    queryFn: () => getAccountsWithAutopay(userId, organizationId),
    staleTime: freshUnlessSignedOut(30_000),
  });

export const useAccountsWithAutopay = (userId: string, organizationId: string) =>
  useQuery(accountsWithAutopayQueryOptions(userId, organizationId));

/** PUT /api/autopay to enrol; DELETE /api/autopay/{autopayId} to remove. */
export function useSaveAutopay(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: { save: SaveAutopayInput } | { removeId: string; organizationId: string }) =>
      "save" in change
        ? api.put<AccountAutopay>("/autopay", change.save)
        : api.delete(
            `/autopay/${encodeURIComponent(change.removeId)}?${new URLSearchParams({ organizationId: change.organizationId })}`,
          ),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: paymentInformationQueryPrefix(userId) }),
        queryClient.invalidateQueries({ queryKey: paymentMethodsQueryKey(userId) }),
      ]),
  });
}
