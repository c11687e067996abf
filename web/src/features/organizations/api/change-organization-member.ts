import type {
  OrganizationInviteInput,
  OrganizationInviteResult,
  OrganizationMemberInput,
} from "@contract/organization-members";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { organizationMembersQueryKey } from "./get-organization-members";
import { sentInvitationsQueryKey } from "./organization-invitations";

export { ZOrganizationInviteInput } from "@contract/organization-members";

// PUT /api/organizations/members/verify
export const verifyOrganizationMember = (input: OrganizationMemberInput) =>
  api.put<{ success: boolean }>("/organizations/members/verify", input);

// DELETE /api/organizations/members
export const removeOrganizationMember = (input: OrganizationMemberInput) =>
  api.delete<{ success: boolean }>("/organizations/members", { body: input });

// POST /api/organizations/members/invite
export const inviteOrganizationMember = (input: OrganizationInviteInput) =>
  api.post<OrganizationInviteResult>("/organizations/members/invite", input);

/**
 * Approve, deny or remove: each reloads the organization's members, also when it failed (another
 * approver may have changed the member meanwhile, so the list shows what is true). Invite reloads
 * the invitations waiting for an answer.
 */
export function useOrganizationMemberChanges(organizationId: string) {
  const queryClient = useQueryClient();
  const onSettled = () => queryClient.invalidateQueries({ queryKey: organizationMembersQueryKey(organizationId) });
  return {
    verify: useMutation({ mutationFn: verifyOrganizationMember, onSettled }),
    remove: useMutation({ mutationFn: removeOrganizationMember, onSettled }),
    invite: useMutation({
      mutationFn: inviteOrganizationMember,
      onSettled: () => queryClient.invalidateQueries({ queryKey: sentInvitationsQueryKey(organizationId) }),
    }),
  };
}
