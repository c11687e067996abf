import { FieldValue } from "firebase-admin/firestore";
import { z } from "zod";
import { newBatch, typedCollection } from "./collection";
import { ZText, ZTimestamp } from "./fields";

/**
 * orgInvitations/{organizationId}_{email}: an approver's invitation of a person who has no portal
 * account yet. The person joins when they finish account creation with a verified sign-in for
 * this email (only its owner can verify it), so the email, not the link, is what admits them.
 */
export const ZOrgInvitationDoc = z.object({
  organizationId: ZText,
  OrganizationName: ZText,
  /** Lower case, as identity emails are compared. */
  Email: ZText,
  InvitedBy: ZText,
  createdAt: ZTimestamp,
});
export type OrgInvitationDoc = z.output<typeof ZOrgInvitationDoc>;

export const orgInvitationsCollection = typedCollection("orgInvitations", ZOrgInvitationDoc);
const invitationRef = (organizationId: string, email: string) =>
  orgInvitationsCollection().doc(`${organizationId}_${email.toLowerCase()}`);

/** Records an invitation and its email in one batch; a repeat renews the same invitation. */
export async function recordInvitation(
  invitation: { organizationId: string; OrganizationName: string | null; Email: string; InvitedBy: string },
  writeEmail: (batch: ReturnType<typeof newBatch>) => void,
): Promise<void> {
  const batch = newBatch();
  batch.set(invitationRef(invitation.organizationId, invitation.Email), {
    ...invitation,
    Email: invitation.Email.toLowerCase(),
    createdAt: FieldValue.serverTimestamp(),
  });
  writeEmail(batch);
  await batch.commit();
}

/** The open invitations for an email. */
export async function invitationsFor(email: string): Promise<OrgInvitationDoc[]> {
  const snapshot = await orgInvitationsCollection().where("Email", "==", email.toLowerCase()).get();
  return snapshot.docs.map((doc) => doc.data());
}

export async function deleteInvitation(organizationId: string, email: string): Promise<void> {
  await invitationRef(organizationId, email).delete();
}
