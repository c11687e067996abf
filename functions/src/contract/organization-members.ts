import { z } from "zod";
import { ZEmail } from "./auth-forms";
import { ZDocumentId } from "./ids";

/** An organization is a CRM account id (letters and digits only, as Salesforce writes ids). */
const ZOrganizationId = ZDocumentId;

/** GET /api/organizations/members?organizationId= */
export const ZOrganizationMembersQuery = z.object({ organizationId: ZOrganizationId });

/** PUT /api/organizations/members/verify and DELETE /api/organizations/members (spec 2 §7). */
export const ZOrganizationMemberInput = z.object({ userId: ZDocumentId, organizationId: ZOrganizationId }).strict();
export type OrganizationMemberInput = z.input<typeof ZOrganizationMemberInput>;

/** POST /api/organizations/members/invite: an approver adds a person by email. */
export const ZOrganizationInviteInput = z.object({ organizationId: ZOrganizationId, email: ZEmail }).strict();
export type OrganizationInviteInput = z.input<typeof ZOrganizationInviteInput>;

/** A member as the management page lists them (spec 2 §3 "Organization member"). */
export interface OrganizationMember {
  UserId: string;
  FirstName: string;
  LastName: string;
  Verified: boolean;
  Role: "member" | "approver";
}

/**
 * POST /api/organizations/members/invite's one answer, whatever the email (issue 26, finding 4):
 * an invitation is on its way; the person becomes a member only if they accept it. Whether the
 * email has a portal account is never told.
 */
export type OrganizationInviteResult = { status: "invited"; email: string };

/** An invitation's id in a path: 32 hex characters. */
export const ZInvitationIdParams = z.object({
  id: z.string().regex(/^[0-9a-f]{32}$/, { message: "Invalid" }),
});

/** GET /api/organizations/invitations: an invitation waiting for the signed-in person's answer. */
export interface ReceivedInvitation {
  id: string;
  organizationId: string;
  OrganizationName: string;
  /** ISO instant. */
  invitedAt: string | null;
}

/** GET /api/organizations/members/invitations: an invitation the organization sent, not yet answered. */
export interface SentInvitation {
  id: string;
  Email: string;
  /** ISO instants. */
  invitedAt: string | null;
  expiresAt: string | null;
}

/** POST /api/organizations/invitations/:id/accept. */
export interface AcceptedInvitation {
  organizationId: string;
  OrganizationName: string;
}
