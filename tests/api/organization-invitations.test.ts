import { afterAll, describe, expect, it } from "vitest";
import { SEEDED_ORGANIZATION_ID } from "../../emulators/src/seed/fixtures.ts";
import type { OrganizationInviteResult } from "../../functions/src/contract/organization-members.ts";
import type { AuthUser } from "../../functions/src/contract/user.ts";
import { deleteCreatedUsers, testAdmin } from "../kit/admin.ts";
import { callApi } from "../kit/api.ts";
import { freshEmail } from "../kit/identity.ts";
import { principal, signIn } from "../kit/principals.ts";
import { stackInfo } from "../kit/stack-info.ts";

/** Issue 14: an approver invites a person who has no portal account; they join after signing up. */

const PASSWORD = "Invitee-Test-2026!";
const created: string[] = [];
afterAll(async () => {
  const { db } = testAdmin();
  for (const uid of created) await db.collection("orgMembers").doc(`${SEEDED_ORGANIZATION_ID}_${uid}`).delete();
  await deleteCreatedUsers(created);
});

/** Signs up and verifies the email (as the person would), then finishes account creation. */
async function signUpAndCreateAccount(email: string) {
  const { auth, db } = testAdmin();
  const user = await auth.createUser({ email, password: PASSWORD, emailVerified: true });
  created.push(user.uid);
  await db.collection("users").doc(user.uid).set({ Id: user.uid, Email: email, SalesforceId: null, Language: "en" });
  const token = await signIn(email, PASSWORD);
  const answer = await callApi("POST", "/api/salesforce/matchToSalesforceContact", {
    token,
    body: {
      firstName: "Iris",
      lastName: "Invitee",
      phoneNumber: "(847) 555-0177",
      address1: "18 Division St",
      address2: "",
      city: "Elgin",
      state: "IL",
      zip: "60120",
      utilityAccountId: "",
      utilityStreetNumber: "",
    },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return { uid: user.uid, token: await signIn(email, PASSWORD) };
}

describe("POST /api/organizations/members/invite for a person without an account", () => {
  it("records the invitation and queues its email with the sign-up link; signing up with that email makes them a member", async () => {
    const approver = await principal("approver");
    const email = freshEmail("Invitee");
    const answer = await callApi<OrganizationInviteResult>("POST", "/api/organizations/members/invite", {
      token: approver.idToken,
      body: { organizationId: SEEDED_ORGANIZATION_ID, email },
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body).toEqual({ status: "invited", email: email.toLowerCase() });

    const { db } = testAdmin();
    const mails = await db.collection("outbox").where("kind", "==", "organizationInvitationEmail").get();
    const mail = mails.docs.map((doc) => doc.data()).find((entry) => entry.mail?.to === email.toLowerCase());
    expect(mail).toMatchObject({ status: "pending" });
    expect(mail?.mail.subject).toContain("Fox River Bakery");
    expect(mail?.mail.text).toContain(`${stackInfo().portalUrl}/signup`);

    // Someone else finishing account creation joins nothing.
    const bystander = await signUpAndCreateAccount(freshEmail("bystander"));
    expect((await db.collection("orgMembers").doc(`${SEEDED_ORGANIZATION_ID}_${bystander.uid}`).get()).exists).toBe(
      false,
    );

    const invitee = await signUpAndCreateAccount(email);
    const membership = await db.collection("orgMembers").doc(`${SEEDED_ORGANIZATION_ID}_${invitee.uid}`).get();
    expect(membership.data()).toMatchObject({
      OrganizationName: "Fox River Bakery",
      Role: "member",
      Verified: true,
      FirstName: "Iris",
    });
    const auth = await callApi<AuthUser>("GET", "/api/auth", { token: invitee.token });
    expect(auth.body.organizations.map((organization) => organization.Id)).toEqual([SEEDED_ORGANIZATION_ID]);
    // The invitation is used up.
    const open = await db.collection("orgInvitations").where("Email", "==", email.toLowerCase()).get();
    expect(open.size).toBe(0);
  }, 120_000);

  it("is for approvers only: a member's invitation is refused with 403 and records nothing", async () => {
    const member = await principal("orgMember");
    const email = freshEmail("not-invited");
    const answer = await callApi("POST", "/api/organizations/members/invite", {
      token: member.idToken,
      body: { organizationId: SEEDED_ORGANIZATION_ID, email },
    });
    expect(answer.status).toBe(403);
    const open = await testAdmin().db.collection("orgInvitations").where("Email", "==", email.toLowerCase()).get();
    expect(open.size).toBe(0);
  });
});
