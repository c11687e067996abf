import type { CoreStoredPayment } from "@contract/payment-methods";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { paymentMethodsQueryKey } from "@/api/payment-methods";
import { api } from "@/lib/api-client";

// GET /api/core/payment-methods?userId=
export const getCorePaymentMethods = (userId: string) =>
  api.get<CoreStoredPayment[]>(`/core/payment-methods?${new URLSearchParams({ userId })}`);

export const corePaymentMethodsQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: ["corePaymentMethods", userId],
    queryFn: () => getCorePaymentMethods(userId),
    staleTime: 60_000,
  });

export const useCorePaymentMethods = (userId: string, enabled: boolean) =>
  useQuery({ ...corePaymentMethodsQueryOptions(userId), enabled });

// GET /api/payment-methods/{id}: true when an autopay uses the saved profile
export const isUsedByAutopay = (id: string) => api.get<boolean>(`/payment-methods/${encodeURIComponent(id)}`);

/** Deletes a legacy profile (DELETE /api/payment-methods/{id}) or a CORE method (DELETE /api/core/payment-methods/{id}/{userId}). */
export function useDeleteSavedMethod(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ provider, id }: { provider: "legacy" | "core"; id: string }) =>
      provider === "legacy"
        ? api.delete(`/payment-methods/${encodeURIComponent(id)}`)
        : api.delete(`/core/payment-methods/${encodeURIComponent(id)}/${encodeURIComponent(userId)}`),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: paymentMethodsQueryKey(userId) }),
        queryClient.invalidateQueries({ queryKey: corePaymentMethodsQueryOptions(userId).queryKey }),
      ]),
  });
}
