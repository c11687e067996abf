import type { MaintenancePeriod, MaintenancePeriodInput } from "@contract/maintenance";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { paymentMaintenanceQueryOptions } from "@/api/get-payment-maintenance-info";
import { api } from "@/lib/api-client";

// GET /api/allPaymentMaintenanceInfo
export const getMaintenancePeriods = () => api.get<MaintenancePeriod[]>("/allPaymentMaintenanceInfo");

export const maintenancePeriodsQueryOptions = () =>
  queryOptions({ queryKey: ["maintenancePeriods"], queryFn: getMaintenancePeriods });

export const useMaintenancePeriods = () => useQuery(maintenancePeriodsQueryOptions());

// POST /api/paymentMaintenanceInfo
export const createMaintenancePeriod = (period: MaintenancePeriodInput) =>
  api.post<MaintenancePeriod>("/paymentMaintenanceInfo", { billingMaintenancePeriod: period });

// PUT /api/paymentMaintenanceInfo
export const updateMaintenancePeriod = (id: string, period: MaintenancePeriodInput) =>
  api.put<MaintenancePeriod>("/paymentMaintenanceInfo", { billingMaintenancePeriod: { id, ...period } });

// DELETE /api/paymentMaintenanceInfo/:id
export const deleteMaintenancePeriod = (id: string) =>
  api.delete<{ deleted: true }>(`/paymentMaintenanceInfo/${encodeURIComponent(id)}`);

/** After a change both the list and the status in force now (Pay Bill, the warning alert) are read again. */
function useInvalidate() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: maintenancePeriodsQueryOptions().queryKey }),
      queryClient.invalidateQueries({ queryKey: paymentMaintenanceQueryOptions().queryKey }),
    ]);
}

export function useSaveMaintenancePeriod() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, period }: { id: string | null; period: MaintenancePeriodInput }) =>
      id ? updateMaintenancePeriod(id, period) : createMaintenancePeriod(period),
    onSuccess: invalidate,
  });
}

export function useDeleteMaintenancePeriod() {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: deleteMaintenancePeriod, onSuccess: invalidate });
}
