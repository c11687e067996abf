import type { GarbageRecord } from "@contract/garbage-pickup";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

export interface GarbageSearch {
  streetNumber: string;
  street: string;
  /** The day looked at: the visitor's today in the city. */
  date: string;
}

// GET /api/salesforce/landParcelMaster/garbagePickupDay?streetNumber=&street=&date=
export function getGarbagePickup({ streetNumber, street, date }: GarbageSearch): Promise<GarbageRecord[]> {
  const query = new URLSearchParams({ streetNumber, street, date });
  return api.get<GarbageRecord[]>(`/salesforce/landParcelMaster/garbagePickupDay?${query}`);
}

export const garbagePickupQueryOptions = (search: GarbageSearch) =>
  queryOptions({
    queryKey: ["garbage-pickup", search],
    queryFn: () => getGarbagePickup(search),
    staleTime: 5 * 60_000,
  });

export function useGarbagePickup(search: GarbageSearch | null) {
  return useQuery({
    ...garbagePickupQueryOptions(search ?? { streetNumber: "", street: "", date: "" }),
    enabled: search !== null,
  });
}

/** The address's pickups as an iCalendar file a calendar app can subscribe to. */
export function garbageCalendarUrl(parcelId: string, from: string, lang: string): string {
  const query = new URLSearchParams({ from, lang: lang === "es" ? "es" : "en" });
  return `/api/salesforce/landParcelMaster/garbageCalendar/${encodeURIComponent(parcelId)}?${query}`;
}
