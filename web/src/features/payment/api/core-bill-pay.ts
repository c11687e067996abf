import type { PaymentResult } from "@contract/payment";
import { queryOptions, useMutation, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

// GET /api/paymentus-token?transactionType=BILL_PAY&accountNumber=&amount=&english=
/** A fresh session of the hosted bill-pay frame for an account and amount; never cached (single-use). */
export const coreBillPayFrameQueryOptions = (accountNumber: string, amountCents: number, english: boolean) =>
  queryOptions({
    queryKey: ["coreBillPayFrame", accountNumber, amountCents, english],
    queryFn: () =>
      api.get<{ iframeURL: string }>(
        `/paymentus-token?${new URLSearchParams({
          transactionType: "BILL_PAY",
          accountNumber,
          amount: (amountCents / 100).toFixed(2),
          english: String(english),
        })}`,
      ),
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });

export const useCoreBillPayFrame = (accountNumber: string, amountCents: number, english: boolean) =>
  useQuery(coreBillPayFrameQueryOptions(accountNumber, amountCents, english));

// POST /api/core/bill-pay/complete: the server checks the frame's transaction with the provider and records it.
export const useCompleteCoreBillPay = () =>
  useMutation({
    mutationFn: (transactionId: string) => api.post<PaymentResult>("/core/bill-pay/complete", { transactionId }),
  });
