import { randomUUID } from "node:crypto";
import { deleteInvitation, invitationsFor, recordInvitation } from "../../data/org-invitations";
import { joinOrganization } from "../../data/org-members";
import { createOutboxEntryIn } from "../../data/outbox";
import { portalOrigin } from "../../platform/portal-url";

/** Outbox kind of an invitation email; it waits there for the city's mail sender (none is wired yet). */
export const INVITATION_EMAIL_KIND = "organizationInvitationEmail";

/** The invitation email, in English and Spanish: the invitee's language is not known yet. */
export function invitationEmail(organizationName: string, email: string, origin: string) {
  const signup = `${origin}/signup`;
  return {
    to: email,
    subject: `Join ${organizationName} on the City of Elgin portal / Únase a ${organizationName} en el portal de la Ciudad de Elgin`,
    text: [
      `You are invited to act for ${organizationName} on the City of Elgin portal.`,
      `Sign up with this email address (${email}) at ${signup}; once your account is set up you are a member of ${organizationName}.`,
      "",
      `Lo invitan a actuar en nombre de ${organizationName} en el portal de la Ciudad de Elgin.`,
      `Regístrese con esta dirección de correo (${email}) en ${signup}; cuando su cuenta esté lista será miembro de ${organizationName}.`,
    ].join("\n"),
  };
}

/** Records the invitation of a person without an account and queues its email, together. */
export async function invitePersonWithoutAccount(input: {
  organizationId: string;
  organizationName: string | null;
  email: string;
  invitedBy: string;
}): Promise<void> {
  const email = input.email.toLowerCase();
  await recordInvitation(
    {
      organizationId: input.organizationId,
      OrganizationName: input.organizationName,
      Email: email,
      InvitedBy: input.invitedBy,
    },
    (batch) =>
      createOutboxEntryIn(batch, randomUUID(), {
        kind: INVITATION_EMAIL_KIND,
        status: "pending",
        attempts: 0,
        mail: invitationEmail(input.organizationName ?? "your organization", email, portalOrigin()),
      }),
  );
}

/**
 * At the end of account creation: the organizations that invited this (verified) email take the
 * new user in as approved members, as if the approver had added them, and the invitations close.
 */
export async function acceptInvitations(user: {
  uid: string;
  email: string;
  firstName: string;
  lastName: string;
}): Promise<number> {
  const invitations = await invitationsFor(user.email);
  for (const invitation of invitations) {
    if (!invitation.organizationId) continue;
    await joinOrganization({
      organizationId: invitation.organizationId,
      OrganizationName: invitation.OrganizationName,
      UserId: user.uid,
      FirstName: user.firstName,
      LastName: user.lastName,
      Role: "member",
      Verified: true,
    });
    await deleteInvitation(invitation.organizationId, user.email);
  }
  return invitations.length;
}
