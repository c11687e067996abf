import type { AcceptedInvitation, ReceivedInvitation, SentInvitation } from "@contract/organization-members";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

// GET /api/organizations/invitations
export const getReceivedInvitations = () => api.get<ReceivedInvitation[]>("/organizations/invitations");

export const receivedInvitationsQueryKey = ["organization-invitations", "received"] as const;

export const receivedInvitationsQueryOptions = () =>
  queryOptions({ queryKey: receivedInvitationsQueryKey, queryFn: getReceivedInvitations });

/** The invitations waiting for the signed-in person's answer. */
export const useReceivedInvitations = () => useQuery(receivedInvitationsQueryOptions());

// POST /api/organizations/invitations/:id/accept
export const acceptInvitation = (id: string) =>
  api.post<AcceptedInvitation>(`/organizations/invitations/${encodeURIComponent(id)}/accept`, {});

// POST /api/organizations/invitations/:id/decline
export const declineInvitation = (id: string) =>
  api.post<{ success: boolean }>(`/organizations/invitations/${encodeURIComponent(id)}/decline`, {});

/** Accept and decline: each reloads the list, also when it failed (the list then shows what is true). */
export function useInvitationAnswers() {
  const queryClient = useQueryClient();
  const onSettled = () => queryClient.invalidateQueries({ queryKey: receivedInvitationsQueryKey });
  return {
    accept: useMutation({ mutationFn: acceptInvitation, onSettled }),
    decline: useMutation({ mutationFn: declineInvitation, onSettled }),
  };
}

// GET /api/organizations/members/invitations?organizationId=
export const getSentInvitations = (organizationId: string) =>
  api.get<SentInvitation[]>(`/organizations/members/invitations?organizationId=${encodeURIComponent(organizationId)}`);

export const sentInvitationsQueryKey = (organizationId: string) =>
  ["organization-invitations", "sent", organizationId] as const;

/** For an approver: the organization's invitations nobody has answered yet. */
export const useSentInvitations = (organizationId: string, enabled: boolean) =>
  useQuery({
    queryKey: sentInvitationsQueryKey(organizationId),
    queryFn: () => getSentInvitations(organizationId),
    enabled,
    retry: false,
  });
