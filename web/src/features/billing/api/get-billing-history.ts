import { PERSONAL_ORGANIZATION } from "@contract/access";
import type { BillingHistoryResponse } from "@contract/billing-records";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

/** `?organizationId=` only when acting for an organization (spec 2 §6). */
export const organizationQuery = (organizationId: string) =>
  organizationId && organizationId !== PERSONAL_ORGANIZATION ? `?${new URLSearchParams({ organizationId })}` : "";

// GET /api/naviline/getbillinghistory?organizationId=
export const getBillingHistory = (organizationId: string) =>
  api.get<BillingHistoryResponse>(`/naviline/getbillinghistory${organizationQuery(organizationId)}`);

export const billingHistoryQueryOptions = (organizationId: string) =>
  queryOptions({
    queryKey: ["billingHistory", organizationId],
    queryFn: () => getBillingHistory(organizationId),
    staleTime: 60_000,
  });

export const useBillingHistory = (organizationId: string) => useQuery(billingHistoryQueryOptions(organizationId));
