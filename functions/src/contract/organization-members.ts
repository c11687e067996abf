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
 * `added`: the person has a portal account and is now an approved member. `invited`: they have
 * none; an invitation email is on its way, and they join once they sign up with that email.
 */
export type OrganizationInviteResult =
  | { status: "added" | "alreadyMember"; member: OrganizationMember }
  | { status: "invited"; email: string };
