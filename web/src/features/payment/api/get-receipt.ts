import type { PaymentResult } from "@contract/payment";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

// GET /api/payment/receipt/:paymentId
export function getReceipt(paymentId: string): Promise<PaymentResult> {
  return api.get<PaymentResult>(`/payment/receipt/${encodeURIComponent(paymentId)}`);
}

export const receiptQueryOptions = (paymentId: string) =>
  queryOptions({ queryKey: ["paymentReceipt", paymentId], queryFn: () => getReceipt(paymentId), retry: false });

export function useReceipt(paymentId: string) {
  return useQuery(receiptQueryOptions(paymentId));
}
