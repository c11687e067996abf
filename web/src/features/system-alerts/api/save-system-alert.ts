import type { SystemAlert } from "@contract/messages";
import type { SystemAlertCreate, SystemAlertUpdate } from "@contract/system-alerts-admin";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { systemAlertsKey } from "./get-system-alerts";

// POST /api/systemAlerts
export const createSystemAlert = (input: SystemAlertCreate) => api.post<SystemAlert>("/systemAlerts", input);

// PUT /api/systemAlerts/:id
export const updateSystemAlert = (id: string, input: SystemAlertUpdate) =>
  api.put<SystemAlert>(`/systemAlerts/${encodeURIComponent(id)}`, input);

// DELETE /api/systemAlerts/:id
export const deleteSystemAlert = (id: string) =>
  api.delete<{ deleted: true }>(`/systemAlerts/${encodeURIComponent(id)}`);

/** The alerts list (the admin's and every visitor's) is read again after each change. */
function useInvalidateAlerts() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: systemAlertsKey });
}

export function useSaveSystemAlert() {
  const invalidate = useInvalidateAlerts();
  return useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: SystemAlertUpdate }) =>
      id ? updateSystemAlert(id, input) : createSystemAlert(input),
    onSuccess: invalidate,
  });
}

export function useDeleteSystemAlert() {
  const invalidate = useInvalidateAlerts();
  return useMutation({ mutationFn: deleteSystemAlert, onSuccess: invalidate });
}
