import { createHash } from "node:crypto";
import { FieldValue, Timestamp } from "firebase-admin/firestore";
import { z } from "zod";
import { newBatch, typedCollection } from "./collection";
import { ZText, ZTimestamp } from "./fields";

/**
 * orgInvitations/{id}: an approver's invitation of a person, by email, waiting for that person's
 * answer (issue 26, finding 4). Nobody becomes a member without accepting: the person signed in
 * with this email, verified (only its owner can verify it), accepts or declines. The id is a hash
 * of the organization and the email, so a repeat renews the same invitation.
 */
export const ZOrgInvitationDoc = z.object({
  organizationId: ZText,
  OrganizationName: ZText,
  /** Lower case, as identity emails are compared. */
  Email: ZText,
  InvitedBy: ZText,
  createdAt: ZTimestamp,
  /** An unanswered invitation lapses (a Firestore TTL policy on expiresAt removes it). */
  expiresAt: ZTimestamp,
});
export type OrgInvitationDoc = z.output<typeof ZOrgInvitationDoc>;

/** How long an invitation waits for its answer. */
export const INVITATION_LIFETIME_MS = 30 * 24 * 3600_000;

export const orgInvitationsCollection = typedCollection("orgInvitations", ZOrgInvitationDoc);

/** The invitation's id: 32 hex characters of a hash of the organization and the email. */
export function invitationId(organizationId: string, email: string): string {
  return createHash("sha256").update(`${organizationId}\n${email.toLowerCase()}`).digest("hex").slice(0, 32);
}

const isOpen = (invitation: OrgInvitationDoc, now = Date.now()) =>
  Boolean(invitation.organizationId) && (invitation.expiresAt?.toMillis() ?? 0) > now;

/**
 * Records an invitation (a repeat renews it) and, in the same batch, what tells the person:
 * their email's outbox entry and, when they have an account, their in-app message.
 */
export async function recordInvitation(
  invitation: { organizationId: string; OrganizationName: string | null; Email: string; InvitedBy: string },
  writeNotices: (batch: ReturnType<typeof newBatch>) => void,
  now = Date.now(),
): Promise<string> {
  const id = invitationId(invitation.organizationId, invitation.Email);
  const batch = newBatch();
  batch.set(orgInvitationsCollection().doc(id), {
    ...invitation,
    Email: invitation.Email.toLowerCase(),
    createdAt: FieldValue.serverTimestamp(),
    expiresAt: Timestamp.fromMillis(now + INVITATION_LIFETIME_MS),
  });
  writeNotices(batch);
  await batch.commit();
  return id;
}

/** An open invitation by id, or undefined (also when it has lapsed). */
export async function readOpenInvitation(id: string): Promise<OrgInvitationDoc | undefined> {
  const invitation = (await orgInvitationsCollection().doc(id).get()).data();
  return invitation && isOpen(invitation) ? invitation : undefined;
}

/** The open invitations for an email, newest first. */
export async function invitationsFor(email: string): Promise<{ id: string; data: OrgInvitationDoc }[]> {
  const snapshot = await orgInvitationsCollection().where("Email", "==", email.toLowerCase()).get();
  return snapshot.docs
    .map((doc) => ({ id: doc.id, data: doc.data() }))
    .filter(({ data }) => isOpen(data))
    .sort((a, b) => (b.data.createdAt?.toMillis() ?? 0) - (a.data.createdAt?.toMillis() ?? 0));
}

/** The open invitations of an organization, newest first. */
export async function invitationsOfOrganization(
  organizationId: string,
): Promise<{ id: string; data: OrgInvitationDoc }[]> {
  const snapshot = await orgInvitationsCollection().where("organizationId", "==", organizationId).get();
  return snapshot.docs
    .map((doc) => ({ id: doc.id, data: doc.data() }))
    .filter(({ data }) => isOpen(data))
    .sort((a, b) => (b.data.createdAt?.toMillis() ?? 0) - (a.data.createdAt?.toMillis() ?? 0));
}

/** Closes an invitation (accepted or declined). */
export async function closeInvitation(id: string): Promise<void> {
  await orgInvitationsCollection().doc(id).delete();
}
