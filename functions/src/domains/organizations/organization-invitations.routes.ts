// GET /api/organizations/invitations
// POST /api/organizations/invitations/:id/accept
// POST /api/organizations/invitations/:id/decline
import {
  type AcceptedInvitation,
  type ReceivedInvitation,
  ZInvitationIdParams,
} from "../../contract/organization-members";
import { requireUser } from "../../platform/http/principal";
import { type AnyRoute, route } from "../../platform/http/route";
import { acceptInvitation, declineInvitation, invitationsOfCaller } from "./organization-invitations";

/** An id no invitation has: the matrix's requests reach the handler and get 404, like a stranger's. */
const UNKNOWN_INVITATION = "0".repeat(32);

/**
 * The invitee's side of an organization invitation (issue 26, finding 4): the invitations sent to
 * their verified email, and their answer. Another person's invitation is 404 like a missing one.
 */
export const organizationInvitationRoutes: AnyRoute[] = [
  route({
    method: "GET",
    path: "/api/organizations/invitations",
    access: "verified",
    summary: "The invitations to join organizations waiting for the caller's answer (sent to their verified email)",
    example: {},
    handler: async ({ user }): Promise<ReceivedInvitation[]> => invitationsOfCaller(requireUser(user)),
  }),
  route({
    method: "POST",
    path: "/api/organizations/invitations/:id/accept",
    access: "onboarded",
    params: ZInvitationIdParams,
    summary: "Accepts one of the caller's invitations: they become a member of the organization",
    example: { params: { id: UNKNOWN_INVITATION } },
    handler: async ({ params, user }): Promise<AcceptedInvitation> => acceptInvitation(requireUser(user), params.id),
  }),
  route({
    method: "POST",
    path: "/api/organizations/invitations/:id/decline",
    access: "verified",
    params: ZInvitationIdParams,
    summary: "Declines one of the caller's invitations: it closes and nothing else changes",
    example: { params: { id: UNKNOWN_INVITATION } },
    handler: async ({ params, user }): Promise<{ success: true }> => {
      await declineInvitation(requireUser(user), params.id);
      return { success: true };
    },
  }),
];
