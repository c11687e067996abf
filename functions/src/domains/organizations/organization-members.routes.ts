// GET /api/organizations/members?organizationId=
// PUT /api/organizations/members/verify
// DELETE /api/organizations/members
// POST /api/organizations/members/invite
// GET /api/organizations/members/invitations?organizationId=

import {
  type OrganizationInviteResult,
  type OrganizationMember,
  type SentInvitation,
  ZOrganizationInviteInput,
  ZOrganizationMemberInput,
  ZOrganizationMembersQuery,
} from "../../contract/organization-members";
import {
  membersOf,
  type OrgMemberDoc,
  readMembership,
  removeMembership,
  verifyMembership,
} from "../../data/org-members";
import { forbidden, notFound } from "../../platform/http/api-error";
import { requireUser } from "../../platform/http/principal";
import { type AnyRoute, route } from "../../platform/http/route";
import { inviteByEmail, pendingInvitationsOf } from "./organization-invitations";

const toMember = (doc: OrgMemberDoc): OrganizationMember => ({
  UserId: String(doc.UserId),
  FirstName: doc.FirstName,
  LastName: doc.LastName,
  Verified: doc.Verified,
  Role: doc.Role,
});

/** An approver never changes their own membership (spec 2 §4), so an organization keeps its approver. */
function refuseSelf(callerUid: string, userId: string): void {
  if (callerUid === userId) throw forbidden("You cannot change your own membership.");
}

export const organizationMembersRoutes: AnyRoute[] = [
  route({
    method: "GET",
    path: "/api/organizations/members",
    access: "onboarded",
    query: ZOrganizationMembersQuery,
    organization: { in: "query", field: "organizationId", role: "member" },
    // No example: the organization is required, and the matrix puts the seeded one in itself.
    summary: "An organization's members, approved and waiting: for its approved members",
    handler: async ({ query }): Promise<OrganizationMember[]> =>
      (await membersOf(query.organizationId))
        .map(toMember)
        .sort((a, b) => `${a.LastName} ${a.FirstName}`.localeCompare(`${b.LastName} ${b.FirstName}`)),
  }),
  route({
    method: "PUT",
    path: "/api/organizations/members/verify",
    access: "onboarded",
    body: ZOrganizationMemberInput,
    organization: { in: "body", field: "organizationId", role: "approver" },
    summary: "Approver: approves a waiting member (never themselves)",
    example: { body: { userId: "{otherUid}", organizationId: "{orgId}" } },
    destructive: true,
    handler: async ({ body, user }) => {
      refuseSelf(requireUser(user).uid, body.userId);
      if (!(await verifyMembership(body.organizationId, body.userId))) throw notFound("No such member.");
      return { success: true };
    },
  }),
  route({
    method: "DELETE",
    path: "/api/organizations/members",
    access: "onboarded",
    body: ZOrganizationMemberInput,
    organization: { in: "body", field: "organizationId", role: "approver" },
    summary: "Approver: denies a waiting member or removes an approved one (never themselves)",
    example: { body: { userId: "{otherUid}", organizationId: "{orgId}" } },
    destructive: true,
    handler: async ({ body, user }) => {
      refuseSelf(requireUser(user).uid, body.userId);
      if (!(await removeMembership(body.organizationId, body.userId))) throw notFound("No such member.");
      return { success: true };
    },
  }),
  route({
    method: "POST",
    path: "/api/organizations/members/invite",
    access: "onboarded",
    body: ZOrganizationInviteInput,
    organization: { in: "body", field: "organizationId", role: "approver" },
    summary:
      "Approver: invites a person by email; they join only if they accept. One answer whatever the email (issue 26)",
    // Each invitation sends an email: a few per recipient, and a day's worth per approver, so an
    // approver cannot try any number of emails.
    throttle: [
      { name: "organization-invite-recipient", key: { in: "body", field: "email" }, limit: 5, windowSeconds: 3600 },
      { name: "organization-invite-caller", key: "caller", limit: 20, windowSeconds: 86_400 },
    ],
    // An email without an account: no in-app message lands in a seeded user's inbox.
    example: { body: { organizationId: "{orgId}", email: "invited.baker@example.com" } },
    // Only the seeded organization's approver may send it, and it sends an email: the matrix checks
    // refusals; tests/api/organization-invitations.test.ts proves the rest.
    destructive: true,
    handler: async ({ body, user }): Promise<OrganizationInviteResult> => {
      const caller = requireUser(user);
      const approverMembership = await readMembership(body.organizationId, caller.uid);
      await inviteByEmail({
        organizationId: body.organizationId,
        organizationName: approverMembership?.OrganizationName ?? null,
        email: body.email,
        invitedBy: caller.uid,
      });
      return { status: "invited", email: body.email.toLowerCase() };
    },
  }),
  route({
    method: "GET",
    path: "/api/organizations/members/invitations",
    access: "onboarded",
    query: ZOrganizationMembersQuery,
    organization: { in: "query", field: "organizationId", role: "approver" },
    // No example: the organization is required, and the matrix puts the seeded one in itself.
    summary: "Approver: the organization's invitations waiting for an answer (email, when sent, when they lapse)",
    handler: async ({ query }): Promise<SentInvitation[]> => pendingInvitationsOf(query.organizationId),
  }),
];
