import type { OrganizationMember } from "@contract/organization-members";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

// GET /api/organizations/members?organizationId=
export const getOrganizationMembers = (organizationId: string) =>
  api.get<OrganizationMember[]>(`/organizations/members?organizationId=${encodeURIComponent(organizationId)}`);

export const organizationMembersQueryKey = (organizationId: string) =>
  ["organization-members", organizationId] as const;

export const organizationMembersQueryOptions = (organizationId: string) =>
  queryOptions({
    queryKey: organizationMembersQueryKey(organizationId),
    queryFn: () => getOrganizationMembers(organizationId),
    retry: false,
  });

export const useOrganizationMembers = (organizationId: string) =>
  useQuery(organizationMembersQueryOptions(organizationId));
