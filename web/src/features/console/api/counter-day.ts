import type { CounterDayVisit } from "@contract/counter";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

// GET /api/console/counter?day=
export const getCounterDay = (day: string) =>
  api.get<CounterDayVisit[]>(`/console/counter?${new URLSearchParams({ day })}`);

export const counterDayQueryOptions = (day: string) =>
  queryOptions({ queryKey: ["console", "counter", day], queryFn: () => getCounterDay(day) });

export const useCounterDay = (day: string) => useQuery(counterDayQueryOptions(day));

// POST /api/console/counter/:id/check-in
export const checkInVisit = (id: string) =>
  api.post<{ id: string; checkedInAt: string | null }>(`/console/counter/${encodeURIComponent(id)}/check-in`);

export function useCheckInVisit(day: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: checkInVisit,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: counterDayQueryOptions(day).queryKey }),
  });
}
