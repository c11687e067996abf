import type { PersonSearchAnswer, PersonSearchQuery } from "@contract/console";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

// GET /api/console/people?by=&q=
export const findPeople = (query: PersonSearchQuery) =>
  api.get<PersonSearchAnswer>(`/console/people?${new URLSearchParams(query)}`);

export const findPeopleQueryOptions = (query: PersonSearchQuery | null) =>
  queryOptions({
    queryKey: ["console", "people", query],
    queryFn: () => findPeople(query as PersonSearchQuery),
    enabled: query !== null,
    staleTime: 0,
  });

export const useFindPeople = (query: PersonSearchQuery | null) => useQuery(findPeopleQueryOptions(query));
