import { IDEMPOTENCY_KEY_HEADER } from "@contract/payment-constants";
import { type RefundCreate, type RefundResult, ZRefundCreate } from "@contract/refunds";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { refundsQueryKey } from "./person-payments";

export { ZRefundCreate };

/** One refund attempt: the payment, the body and the Idempotency-Key made for it (a retry of it sends the same). */
export interface RefundAttempt {
  paymentId: string;
  idempotencyKey: string;
  body: RefundCreate;
}

// POST /api/payment/:paymentId/refunds
export const refundPayment = ({ paymentId, idempotencyKey, body }: RefundAttempt) =>
  api.post<RefundResult>(`/payment/${encodeURIComponent(paymentId)}/refunds`, body, {
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
  });

/** Refunds all or part of a payment; the payments list, the figures and the resident's refunds are read again. */
export function useRefundPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: refundPayment,
    onSettled: () => queryClient.invalidateQueries({ queryKey: refundsQueryKey }),
  });
}
