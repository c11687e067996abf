import type {
  AssistedAnswer,
  AssistedReportBody,
  PhonePaymentAnswer,
  PhonePaymentBody,
  ResentMessage,
} from "@contract/console";
import { IDEMPOTENCY_KEY_HEADER } from "@contract/payment-constants";
import type { ReportResult } from "@contract/reports";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { personQueryOptions } from "./get-person";

const personPath = (uid: string) => `/console/people/${encodeURIComponent(uid)}`;

/** Staff acting for a person (issue 31); each answer names who assisted, and the person view is read again. */
function useAssist<I, R>(uid: string, call: (input: I) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => client.invalidateQueries({ queryKey: personQueryOptions(uid).queryKey }),
  });
}

// POST /api/console/people/:id/reports
export const useAssistedReport = (uid: string) =>
  useAssist(uid, (body: AssistedReportBody) =>
    api.post<ReportResult & AssistedAnswer>(`${personPath(uid)}/reports`, body),
  );

// POST /api/console/people/:id/payments/:paymentId/receipt
export const useResendReceipt = (uid: string) =>
  useAssist(uid, (paymentId: string) =>
    api.post<ResentMessage>(`${personPath(uid)}/payments/${encodeURIComponent(paymentId)}/receipt`),
  );

// POST /api/console/people/:id/verification-email
export const useResendVerification = (uid: string) =>
  useAssist(uid, () => api.post<ResentMessage>(`${personPath(uid)}/verification-email`));

/** One phone payment attempt: its body and the Idempotency-Key made for it (a retry of it sends the same). */
export interface PhonePaymentAttempt {
  idempotencyKey: string;
  body: PhonePaymentBody;
}

// POST /api/console/people/:id/payments
export const useTakePhonePayment = (uid: string) =>
  useAssist(uid, ({ idempotencyKey, body }: PhonePaymentAttempt) =>
    api.post<PhonePaymentAnswer>(`${personPath(uid)}/payments`, body, {
      headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
    }),
  );
