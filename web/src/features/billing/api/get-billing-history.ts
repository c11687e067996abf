import { PERSONAL_ORGANIZATION } from "@contract/access";
import type { BillingHistoryResponse } from "@contract/billing-records";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { freshUnlessSignedOut, nullWhenSignedOut } from "@/lib/auth/signed-out-answer";

/** `?organizationId=` only when acting for an organization (spec 2 §6). */
export const organizationQuery = (organizationId: string) =>
  organizationId && organizationId !== PERSONAL_ORGANIZATION ? `?${new URLSearchParams({ organizationId })}` : "";

// GET /api/naviline/getbillinghistory?organizationId=; null on 401 (spec 2 §8 X7, lib/auth/signed-out-answer.ts)
export const getBillingHistory = (organizationId: string) =>
  nullWhenSignedOut(() =>
    api.get<BillingHistoryResponse>(`/naviline/getbillinghistory${organizationQuery(organizationId)}`),
  );

export const billingHistoryQueryOptions = (organizationId: string) =>
  queryOptions({
    queryKey: ["billingHistory", organizationId],
    queryFn: () => getBillingHistory(organizationId),
    staleTime: freshUnlessSignedOut(60_000),
  });

export const useBillingHistory = (organizationId: string) => useQuery(billingHistoryQueryOptions(organizationId));
