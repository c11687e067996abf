import { FieldValue } from "firebase-admin/firestore";
import { z } from "zod";
import { typedCollection } from "./collection";
import { ZFlag, ZText, ZTimestamp } from "./fields";

/** orgMembers/{organizationId}_{uid}: a user's membership of an organization (one document per pair). */
export const ZOrgMemberDoc = z.object({
  organizationId: ZText,
  OrganizationName: ZText,
  UserId: ZText,
  FirstName: z.string().catch(""),
  LastName: z.string().catch(""),
  Role: z.enum(["member", "approver"]).catch("member"),
  /** Approved by the organization's approver (creators are approved at once). */
  Verified: ZFlag,
  createdAt: ZTimestamp,
});
export type OrgMemberDoc = z.output<typeof ZOrgMemberDoc>;

export const orgMembersCollection = typedCollection("orgMembers", ZOrgMemberDoc);
const membershipRef = (organizationId: string, uid: string) => orgMembersCollection().doc(`${organizationId}_${uid}`);

/** A user's membership of an organization, or undefined. */
export async function readMembership(organizationId: string, uid: string): Promise<OrgMemberDoc | undefined> {
  return (await membershipRef(organizationId, uid).get()).data();
}

/** Every membership of a user (approved or waiting). */
export async function membershipsOf(uid: string): Promise<OrgMemberDoc[]> {
  const snapshot = await orgMembersCollection().where("UserId", "==", uid).get();
  return snapshot.docs.map((doc) => doc.data());
}

/**
 * Adds a membership unless the user already has one (create() keeps it unique); answers the
 * stored membership either way, and whether this call created it.
 */
export async function joinOrganization(
  membership: Omit<OrgMemberDoc, "createdAt">,
): Promise<{ membership: OrgMemberDoc; created: boolean }> {
  const ref = membershipRef(String(membership.organizationId), String(membership.UserId));
  try {
    await ref.create({ ...membership, createdAt: FieldValue.serverTimestamp() });
    return { membership: { ...membership, createdAt: null }, created: true };
  } catch (error) {
    const current = (await ref.get()).data();
    if (!current) throw error;
    return { membership: current, created: false };
  }
}

/** Every membership of an organization, approved or waiting. */
export async function membersOf(organizationId: string): Promise<OrgMemberDoc[]> {
  const snapshot = await orgMembersCollection().where("organizationId", "==", organizationId).get();
  return snapshot.docs.map((doc) => doc.data());
}

/** Approves a waiting membership; false when there is none. */
export async function verifyMembership(organizationId: string, uid: string): Promise<boolean> {
  const ref = membershipRef(organizationId, uid);
  if (!(await ref.get()).exists) return false;
  await ref.update({ Verified: true });
  return true;
}

/** Removes a membership (deny or remove); false when there was none. */
export async function removeMembership(organizationId: string, uid: string): Promise<boolean> {
  const ref = membershipRef(organizationId, uid);
  if (!(await ref.get()).exists) return false;
  await ref.delete();
  return true;
}
