import type { PublicFieldObject, PublicFieldsConfig } from "@contract/public-fields";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

// GET /api/salesforcePublicField/sObjects
export const getPublicFieldObjects = () => api.get<PublicFieldObject[]>("/salesforcePublicField/sObjects");

export const publicFieldObjectsQueryOptions = () =>
  queryOptions({ queryKey: ["publicFields", "objects"], queryFn: getPublicFieldObjects, staleTime: 60 * 60_000 });

export const usePublicFieldObjects = () => useQuery(publicFieldObjectsQueryOptions());

// GET /api/salesforcePublicField/:object
export const getPublicFields = (object: PublicFieldObject) =>
  api.get<PublicFieldsConfig>(`/salesforcePublicField/${encodeURIComponent(object)}`);

export const publicFieldsQueryOptions = (object: PublicFieldObject) =>
  queryOptions({ queryKey: ["publicFields", "object", object], queryFn: () => getPublicFields(object) });

export const usePublicFields = (object: PublicFieldObject | null) =>
  useQuery({ ...publicFieldsQueryOptions(object ?? "Case"), enabled: object !== null });

// POST /api/salesforcePublicField/:object
export const savePublicFields = (object: PublicFieldObject, fields: string[]) =>
  api.post<{ objectName: PublicFieldObject; fields: string[] }>(
    `/salesforcePublicField/${encodeURIComponent(object)}`,
    {
      fields,
    },
  );

export function useSavePublicFields(object: PublicFieldObject) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (fields: string[]) => savePublicFields(object, fields),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: publicFieldsQueryOptions(object).queryKey }),
  });
}
