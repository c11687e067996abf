// GET /api/organizations/members?organizationId=
// PUT /api/organizations/members/verify
// DELETE /api/organizations/members
// POST /api/organizations/members/invite

import {
  type OrganizationInviteResult,
  type OrganizationMember,
  ZOrganizationInviteInput,
  ZOrganizationMemberInput,
  ZOrganizationMembersQuery,
} from "../../contract/organization-members";
import {
  joinOrganization,
  membersOf,
  type OrgMemberDoc,
  readMembership,
  removeMembership,
  verifyMembership,
} from "../../data/org-members";
import { readUser } from "../../data/users";
import { adminAuth } from "../../platform/firebase";
import { forbidden, notFound } from "../../platform/http/api-error";
import { requireUser } from "../../platform/http/principal";
import { type AnyRoute, route } from "../../platform/http/route";
import { invitePersonWithoutAccount } from "./organization-invitations";

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
      "Approver: adds a person with a portal account as an approved member, by email; invites one without an account (they join after signing up)",
    // Each invitation of someone without an account sends an email: a few per recipient.
    throttle: [
      { name: "organization-invite-recipient", key: { in: "body", field: "email" }, limit: 5, windowSeconds: 3600 },
    ],
    example: { body: { organizationId: "{orgId}", email: "james.oconnor@example.com" } },
    destructive: true,
    handler: async ({ body, user }): Promise<OrganizationInviteResult> => {
      const caller = requireUser(user);
      const invited = await adminAuth()
        .getUserByEmail(body.email.toLowerCase())
        .catch((error: { code?: string }) => {
          if (error?.code === "auth/user-not-found") return null;
          throw error;
        });
      const approverMembership = await readMembership(body.organizationId, caller.uid);
      if (!invited) {
        await invitePersonWithoutAccount({
          organizationId: body.organizationId,
          organizationName: approverMembership?.OrganizationName ?? null,
          email: body.email,
          invitedBy: caller.uid,
        });
        return { status: "invited", email: body.email.toLowerCase() };
      }
      refuseSelf(caller.uid, invited.uid);
      const profile = await readUser(invited.uid);
      const { membership, created } = await joinOrganization({
        organizationId: body.organizationId,
        OrganizationName: approverMembership?.OrganizationName ?? null,
        UserId: invited.uid,
        FirstName: profile?.FirstName ?? "",
        LastName: profile?.LastName ?? "",
        Role: "member",
        // Added by the organization's approver: nothing left to approve.
        Verified: true,
      });
      if (!created && !membership.Verified) await verifyMembership(body.organizationId, invited.uid);
      return {
        status: created ? "added" : "alreadyMember",
        member: toMember({ ...membership, Verified: true }),
      };
    },
  }),
];
