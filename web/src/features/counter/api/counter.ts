import type { CounterBooking, CounterService, CounterSlots, CounterVisit } from "@contract/counter";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, apiBlob } from "@/lib/api-client";

// GET /api/counter/slots?service=&day=
export const getCounterSlots = (service: CounterService, day: string) =>
  api.get<CounterSlots>(`/counter/slots?${new URLSearchParams({ service, day })}`);

export const counterSlotsQueryOptions = (service: CounterService | "", day: string) =>
  queryOptions({
    queryKey: ["counter", "slots", service, day],
    queryFn: () => getCounterSlots(service as CounterService, day),
    enabled: service !== "" && day !== "",
    staleTime: 0,
  });

export const useCounterSlots = (service: CounterService | "", day: string) =>
  useQuery(counterSlotsQueryOptions(service, day));

// GET /api/counter/visits
export const getCounterVisits = () => api.get<CounterVisit[]>("/counter/visits");

export const counterVisitsQueryOptions = () =>
  queryOptions({ queryKey: ["counter", "visits"], queryFn: getCounterVisits });

export const useCounterVisits = () => useQuery(counterVisitsQueryOptions());

// POST /api/counter/visits
export const bookCounterVisit = (booking: CounterBooking) => api.post<CounterVisit>("/counter/visits", booking);

export function useBookCounterVisit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bookCounterVisit,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["counter"] }),
  });
}

// GET /api/counter/visits/:id/calendar
export const getVisitCalendar = (id: string, lang: "en" | "es") =>
  apiBlob(`/counter/visits/${encodeURIComponent(id)}/calendar?lang=${lang}`);
