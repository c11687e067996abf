import { PERSONAL_ORGANIZATION } from "@contract/access";
import type { BillingAccountSummary } from "@contract/messages";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { freshUnlessSignedOut, nullWhenSignedOut } from "@/lib/auth/signed-out-answer";

// GET /api/naviline/paymentInformation?userId=&organizationId=; null on 401 (spec 2 §8 X7, lib/auth/signed-out-answer.ts)
export function getPaymentInformation(userId: string, organizationId: string) {
  const query = new URLSearchParams({ userId });
  if (organizationId && organizationId !== PERSONAL_ORGANIZATION) query.set("organizationId", organizationId);
  return nullWhenSignedOut(() => api.get<BillingAccountSummary[]>(`/naviline/paymentInformation?${query}`));
}

/** The dashboard re-polls the accounts' amounts due this often (spec 2 §9 "Billing refresh every 180000 ms"). */
export const BILLING_REFRESH_MS = 180_000;

export const paymentInformationQueryOptions = (userId: string, organizationId: string) =>
  queryOptions({
    queryKey: ["paymentInformation", userId, organizationId],
    queryFn: () => getPaymentInformation(userId, organizationId),
    staleTime: freshUnlessSignedOut(60_000),
    // The server answers from summaries the billing-refresh job keeps fresh, so a poll is cheap.
    refetchInterval: BILLING_REFRESH_MS,
  });

export const usePaymentInformation = (userId: string, organizationId: string) =>
  useQuery(paymentInformationQueryOptions(userId, organizationId));

/** Every cached list of a user's accounts (each organization context), for refresh after a change. */
export const paymentInformationQueryPrefix = (userId: string) => ["paymentInformation", userId] as const;
