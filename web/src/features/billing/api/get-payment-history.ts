import type { PaymentHistoryRow, PaymentHistoryV2Response } from "@contract/billing-records";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { organizationQuery } from "./get-billing-history";

// GET /api/naviline/paymenthistory?organizationId=
export const getPaymentHistory = (organizationId: string) =>
  api.get<PaymentHistoryRow[]>(`/naviline/paymenthistory${organizationQuery(organizationId)}`);

export const paymentHistoryQueryOptions = (organizationId: string) =>
  queryOptions({
    queryKey: ["paymentHistory", organizationId],
    queryFn: () => getPaymentHistory(organizationId),
    staleTime: 60_000,
    retry: false,
  });

export const usePaymentHistory = (organizationId: string) => useQuery(paymentHistoryQueryOptions(organizationId));

// GET /api/naviline/paymenthistoryv2?organizationId=
export const getPaymentHistoryV2 = (organizationId: string) =>
  api.get<PaymentHistoryV2Response>(`/naviline/paymenthistoryv2${organizationQuery(organizationId)}`);

export const paymentHistoryV2QueryOptions = (organizationId: string) =>
  queryOptions({
    queryKey: ["paymentHistoryV2", organizationId],
    queryFn: () => getPaymentHistoryV2(organizationId),
    staleTime: 60_000,
    retry: false,
  });

export const usePaymentHistoryV2 = (organizationId: string, enabled: boolean) =>
  useQuery({ ...paymentHistoryV2QueryOptions(organizationId), enabled });
