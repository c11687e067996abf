import { IDEMPOTENCY_KEY_HEADER, type PaymentInput, type PaymentResult } from "@contract/payment";
import { useMutation } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

/** One payment attempt: its body and the Idempotency-Key made for it (a retry of it sends the same). */
export interface PaymentAttempt {
  idempotencyKey: string;
  input: PaymentInput;
}

/** A new key for each attempt (DESIGN.md "Data"). */
export const newIdempotencyKey = () => crypto.randomUUID();

// POST /api/payment
export function submitPayment({ idempotencyKey, input }: PaymentAttempt): Promise<PaymentResult> {
  return api.post<PaymentResult>("/payment", input, { headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey } });
}

export function useSubmitPayment() {
  return useMutation({ mutationFn: submitPayment });
}
