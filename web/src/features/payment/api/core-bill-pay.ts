import type { PaymentResult } from "@contract/payment";
import { queryOptions, useMutation, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

/** A session of the hosted bill-pay frame: the URL to embed, and the proof its report must carry. */
export interface CoreFrameSession {
  iframeURL: string;
  paymentId: string;
}

// GET /api/paymentus-token?transactionType=BILL_PAY&accountNumber=&amount=&english=&confirmPayAgain=
/**
 * A fresh session of the hosted bill-pay frame for an account and amount; never cached nor fetched
 * again on its own (each fetch opens a new session, which replaces the older one at the provider).
 */
export const coreBillPayFrameQueryOptions = (
  accountNumber: string,
  amountCents: number,
  english: boolean,
  confirmPayAgain: boolean,
) =>
  queryOptions({
    queryKey: ["coreBillPayFrame", accountNumber, amountCents, english, confirmPayAgain],
    queryFn: () =>
      api.get<CoreFrameSession>(
        `/paymentus-token?${new URLSearchParams({
          transactionType: "BILL_PAY",
          accountNumber,
          amount: (amountCents / 100).toFixed(2),
          english: String(english),
          confirmPayAgain: String(confirmPayAgain),
        })}`,
      ),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });

export const useCoreBillPayFrame = (
  accountNumber: string,
  amountCents: number,
  english: boolean,
  confirmPayAgain: boolean,
) => useQuery(coreBillPayFrameQueryOptions(accountNumber, amountCents, english, confirmPayAgain));

// POST /api/core/bill-pay/complete: the server checks the session's transaction with the provider and records it.
export const useCompleteCoreBillPay = () =>
  useMutation({
    mutationFn: (report: { paymentId: string; transactionId: string }) =>
      api.post<PaymentResult>("/core/bill-pay/complete", report),
  });
