import type { PaymentHistoryRow, PaymentHistoryV2Response } from "@contract/billing-records";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { freshUnlessSignedOut, nullWhenSignedOut } from "@/lib/auth/signed-out-answer";
import { organizationQuery } from "./get-billing-history";

// GET /api/naviline/paymenthistory?organizationId=; null on 401 (spec 2 §8 X7, lib/auth/signed-out-answer.ts)
export const getPaymentHistory = (organizationId: string) =>
  nullWhenSignedOut(() => api.get<PaymentHistoryRow[]>(`/naviline/paymenthistory${organizationQuery(organizationId)}`));

export const paymentHistoryQueryOptions = (organizationId: string) =>
  queryOptions({
    queryKey: ["paymentHistory", organizationId],
    queryFn: () => getPaymentHistory(organizationId),
    staleTime: freshUnlessSignedOut(60_000),
    retry: false,
  });

export const usePaymentHistory = (organizationId: string) => useQuery(paymentHistoryQueryOptions(organizationId));

// GET /api/naviline/paymenthistoryv2?organizationId=; null on 401
export const getPaymentHistoryV2 = (organizationId: string) =>
  nullWhenSignedOut(() =>
    api.get<PaymentHistoryV2Response>(`/naviline/paymenthistoryv2${organizationQuery(organizationId)}`),
  );

export const paymentHistoryV2QueryOptions = (organizationId: string) =>
  queryOptions({
    queryKey: ["paymentHistoryV2", organizationId],
    queryFn: () => getPaymentHistoryV2(organizationId),
    staleTime: freshUnlessSignedOut(60_000),
    retry: false,
  });

export const usePaymentHistoryV2 = (organizationId: string, enabled: boolean) =>
  useQuery({ ...paymentHistoryV2QueryOptions(organizationId), enabled });
