import type { PortalUser } from "@contract/user";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

// GET /api/users/profile/:id
export function getProfile(userId: string): Promise<PortalUser> {
  return api.get(`/users/profile/${encodeURIComponent(userId)}`);
}

export const profileQueryKey = (userId: string) => ["users", "profile", userId] as const;

export const profileQuery = (userId: string) =>
  queryOptions({ queryKey: profileQueryKey(userId), queryFn: () => getProfile(userId), retry: false });

export function useProfile(userId: string, enabled = true) {
  return useQuery({ ...profileQuery(userId), enabled });
}
