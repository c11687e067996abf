import { afterAll, describe, expect, it } from "vitest";
import { SEEDED_ORGANIZATION_ID, seededUser } from "../../emulators/src/seed/fixtures.ts";
import type { AuthUser } from "../../functions/src/contract/user.ts";
import { testAdmin } from "../kit/admin.ts";
import { callApi } from "../kit/api.ts";
import { principal } from "../kit/principals.ts";

/** Issue 14, organizations: what the selector offers. */

const membership = (uid: string) => testAdmin().db.collection("orgMembers").doc(`${SEEDED_ORGANIZATION_ID}_${uid}`);
const waiting = seededUser("resident2");

afterAll(async () => {
  await membership(waiting.uid).delete();
});

describe("GET /api/auth: the organizations a user may act for", () => {
  it("lists approved memberships with Id, SalesforceId, name and role; a resident has none", async () => {
    const approver = await callApi<AuthUser>("GET", "/api/auth", { token: (await principal("approver")).idToken });
    expect(approver.status).toBe(200);
    expect(approver.body.organizations).toEqual([
      { Id: SEEDED_ORGANIZATION_ID, SalesforceId: SEEDED_ORGANIZATION_ID, Name: "Fox River Bakery", Role: "approver" },
    ]);
    const member = await callApi<AuthUser>("GET", "/api/auth", { token: (await principal("orgMember")).idToken });
    expect(member.body.organizations).toEqual([
      expect.objectContaining({ Id: SEEDED_ORGANIZATION_ID, Role: "member" }),
    ]);
    const resident = await callApi<AuthUser>("GET", "/api/auth", { token: (await principal("resident")).idToken });
    expect(resident.body.organizations).toEqual([]);
  });

  it("leaves out a membership still waiting for approval", async () => {
    await membership(waiting.uid).set({
      organizationId: SEEDED_ORGANIZATION_ID,
      OrganizationName: "Fox River Bakery",
      UserId: waiting.uid,
      FirstName: waiting.firstName,
      LastName: waiting.lastName,
      Role: "member",
      Verified: false,
    });
    const answer = await callApi<AuthUser>("GET", "/api/auth", { token: (await principal("resident2")).idToken });
    expect(answer.body.organizations).toEqual([]);
  });
});
