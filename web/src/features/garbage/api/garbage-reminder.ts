import type { GarbageReminderAnswer } from "@contract/garbage-pickup";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

const PATH = "/salesforce/landParcelMaster/garbageReminder";
export const garbageReminderQueryKey = ["garbage-reminder"] as const;

// GET /api/salesforce/landParcelMaster/garbageReminder
export const getGarbageReminder = () => api.get<GarbageReminderAnswer>(PATH);

/** The signed-in resident's pickup reminder; only asked for when `enabled` (an onboarded resident). */
export function useGarbageReminder(enabled: boolean) {
  return useQuery({ queryKey: garbageReminderQueryKey, queryFn: getGarbageReminder, enabled });
}

// PUT (parcelId) turns it on for an address, DELETE turns it off.
export function useSetGarbageReminder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (parcelId: string | null) =>
      parcelId ? api.put<GarbageReminderAnswer>(PATH, { parcelId }) : api.delete<GarbageReminderAnswer>(PATH),
    onSuccess: (answer) => queryClient.setQueryData(garbageReminderQueryKey, answer),
  });
}
