import { PERSONAL_ORGANIZATION } from "@contract/access";
import type { BillingAccountSummary } from "@contract/messages";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

// GET /api/naviline/paymentInformation?userId=&organizationId=
export function getPaymentInformation(userId: string, organizationId: string) {
  const query = new URLSearchParams({ userId });
  if (organizationId && organizationId !== PERSONAL_ORGANIZATION) query.set("organizationId", organizationId);
  return api.get<BillingAccountSummary[]>(`/naviline/paymentInformation?${query}`);
}

export const paymentInformationQueryOptions = (userId: string, organizationId: string) =>
  queryOptions({
    queryKey: ["paymentInformation", userId, organizationId],
    queryFn: () => getPaymentInformation(userId, organizationId),
    staleTime: 60_000,
  });

export const usePaymentInformation = (userId: string, organizationId: string) =>
  useQuery(paymentInformationQueryOptions(userId, organizationId));

/** Every cached list of a user's accounts (each organization context), for refresh after a change. */
export const paymentInformationQueryPrefix = (userId: string) => ["paymentInformation", userId] as const;
