import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

export interface BusinessProcess {
  id: string;
  name: string;
}

// GET /api/laserfiche/forms
export const getLaserficheForms = () => api.get<{ businessProcesses: BusinessProcess[] }>("/laserfiche/forms");

export const laserficheFormsQueryOptions = () =>
  queryOptions({ queryKey: ["laserfiche", "forms"], queryFn: getLaserficheForms, staleTime: 10 * 60_000 });

export function useLaserficheForms(enabled: boolean) {
  return useQuery({ ...laserficheFormsQueryOptions(), enabled });
}
