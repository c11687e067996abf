import type { PaymentMaintenanceInfo } from "@contract/messages";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { earlyInitialData, earlyOr } from "@/lib/early-requests";
import { persistForSession } from "@/lib/session-query-cache";

// GET /api/paymentMaintenanceInfo
/**
 * The billing system's maintenance window: the dashboard's bill panel and the alert host read it.
 * The same for every caller, so asked without the token (it does not wait for Firebase); a page
 * load's first answer comes from the request index.html started early (public/early-requests.js).
 */
export const getPaymentMaintenanceInfo = () =>
  earlyOr("/paymentMaintenanceInfo", () =>
    api.get<PaymentMaintenanceInfo>("/paymentMaintenanceInfo", { anonymous: true }),
  );

export const paymentMaintenanceQueryOptions = () =>
  queryOptions({
    queryKey: ["paymentMaintenanceInfo"],
    queryFn: getPaymentMaintenanceInfo,
    ...earlyInitialData<PaymentMaintenanceInfo>("/paymentMaintenanceInfo"),
    staleTime: 60_000,
    retry: 1,
    meta: persistForSession,
  });

export const usePaymentMaintenanceInfo = () => useQuery(paymentMaintenanceQueryOptions());
