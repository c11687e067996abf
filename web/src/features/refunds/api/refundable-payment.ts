import type { RefundablePayment } from "@contract/refunds";
import { useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { refundsQueryKey } from "./person-payments";

// GET /api/payment/:paymentId/refunds
export const getRefundablePayment = (paymentId: string) =>
  api.get<RefundablePayment>(`/payment/${encodeURIComponent(paymentId)}/refunds`);

/**
 * What is left to refund of a payment, as the card gateway has it when the form opens. Never served
 * from an older read (staleTime 0, no retry): the figure the admin sees is the one the refund sends.
 */
export function useRefundablePayment(paymentId: string) {
  return useQuery({
    queryKey: [...refundsQueryKey, "refundable", paymentId],
    queryFn: () => getRefundablePayment(paymentId),
    staleTime: 0,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
  });
}
