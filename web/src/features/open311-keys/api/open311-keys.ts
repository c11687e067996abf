import type { Open311KeyCreate, Open311KeyCreated, Open311KeySummary } from "@contract/open311-keys";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

// GET /api/open311-keys
export const getOpen311Keys = () => api.get<{ keys: Open311KeySummary[] }>("/open311-keys");

export const open311KeysQueryOptions = () => queryOptions({ queryKey: ["open311Keys"], queryFn: getOpen311Keys });

export const useOpen311Keys = () => useQuery(open311KeysQueryOptions());

// POST /api/open311-keys
export const createOpen311Key = (input: Open311KeyCreate) => api.post<Open311KeyCreated>("/open311-keys", input);

export function useCreateOpen311Key() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createOpen311Key,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: open311KeysQueryOptions().queryKey }),
  });
}

// DELETE /api/open311-keys/:id
export const revokeOpen311Key = (id: string) =>
  api.delete<{ revoked: boolean }>(`/open311-keys/${encodeURIComponent(id)}`);

export function useRevokeOpen311Key() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeOpen311Key,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: open311KeysQueryOptions().queryKey }),
  });
}
