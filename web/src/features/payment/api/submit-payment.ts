import type { LpiPaymentInput, PaymentInput, PaymentResult } from "@contract/payment";
import { IDEMPOTENCY_KEY_HEADER } from "@contract/payment-constants";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { userActivitiesQueryKey } from "@/api/get-in-progress";
import { allPaymentMethodsQueryKey } from "@/api/payment-methods";
import { api } from "@/lib/api-client";
import { receiptQueryOptions } from "./get-receipt";

/** One payment attempt: its body and the Idempotency-Key made for it (a retry of it sends the same). */
export type PaymentAttempt =
  | { idempotencyKey: string; endpoint: "/payment"; input: PaymentInput }
  | { idempotencyKey: string; endpoint: "/paymentLPI"; input: LpiPaymentInput };

/** A new key for each attempt (DESIGN.md "Data"). */
export const newIdempotencyKey = () => crypto.randomUUID();

// POST /api/payment and POST /api/paymentLPI
export function submitPayment({ idempotencyKey, endpoint, input }: PaymentAttempt): Promise<PaymentResult> {
  return api.post<PaymentResult>(endpoint, input, { headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey } });
}

/**
 * The answer is the receipt (GET /api/payment/receipt/:paymentId answers the same stored body), so
 * it seeds the confirmation's query: the page it opens next shows it without asking again.
 */
export function useSubmitPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitPayment,
    onSuccess: (result) => {
      queryClient.setQueryData(receiptQueryOptions(result.paymentId).queryKey, result);
      // "Save this card": the saved cards (checkout, billing settings, autopay) are read again.
      if (result.cardSaved) void queryClient.invalidateQueries({ queryKey: allPaymentMethodsQueryKey });
      // A case's fee or an LPI bill is paid now: its page, the lists and the bill are read again.
      if (result.activity) {
        for (const queryKey of [["activity-detail"], userActivitiesQueryKey, ["permitFee"], ["lpiBill"]]) {
          void queryClient.invalidateQueries({ queryKey });
        }
      }
    },
  });
}
