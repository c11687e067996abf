import type { PersonView } from "@contract/console";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

// GET /api/console/people/:id
export const getPerson = (uid: string) => api.get<PersonView>(`/console/people/${encodeURIComponent(uid)}`);

export const personQueryOptions = (uid: string) =>
  queryOptions({ queryKey: ["console", "person", uid], queryFn: () => getPerson(uid) });

export const usePerson = (uid: string) => useQuery(personQueryOptions(uid));
