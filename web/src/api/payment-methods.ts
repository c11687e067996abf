import type { PaymentProfile } from "@contract/payment-methods";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

// GET /api/payment-methods?userId=
/** The signed-in user's saved legacy payment profiles, the default one first and marked `Default`. */
export const getPaymentMethods = (userId: string) =>
  api.get<PaymentProfile[]>(`/payment-methods?${new URLSearchParams({ userId })}`);

/** The one query key of the saved profiles: the payment page and billing settings share it. */
/** Every user's saved profiles (what a payment that saved a card makes stale). */
export const allPaymentMethodsQueryKey = ["paymentMethods"] as const;
export const paymentMethodsQueryKey = (userId: string) => [...allPaymentMethodsQueryKey, userId] as const;

export const paymentMethodsQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: paymentMethodsQueryKey(userId),
    queryFn: () => getPaymentMethods(userId),
    staleTime: 60_000,
  });

/** The saved profiles; `enabled` false (e.g. a guest) makes no call. */
export const usePaymentMethods = (userId: string | null | undefined) =>
  useQuery({ ...paymentMethodsQueryOptions(userId ?? ""), enabled: Boolean(userId) });

/** The profile a payment form preselects: the default one, else the first. */
export const defaultPaymentMethod = (profiles: readonly PaymentProfile[] | undefined) =>
  profiles?.find((profile) => profile.Default) ?? profiles?.[0] ?? null;

// POST /api/payment-methods
/** Saves the card typed in the gateway's hosted form (its one-time nonce) as one of the user's profiles. */
export const savePaymentMethod = (input: { userId: string; nonce: string; makeDefault?: boolean }) =>
  api.post<{ success: true; Id: string }>("/payment-methods", input);

export function useSavePaymentMethod(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { nonce: string; makeDefault?: boolean }) => savePaymentMethod({ userId, ...input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: paymentMethodsQueryKey(userId) }),
  });
}
