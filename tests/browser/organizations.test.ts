import type { Page } from "playwright-core";
import { afterEach, describe, expect, it } from "vitest";
import { SEEDED_ORGANIZATION_ID, seededUser } from "../../emulators/src/seed/fixtures.ts";
import en from "../../web/src/locales/en.json" with { type: "json" };
import { testAdmin } from "../kit/admin.ts";
import { callApi } from "../kit/api.ts";
import { type BrowserSession, expectNoAxeViolations, useBrowser } from "../kit/browser.ts";
import { logInThroughForm } from "../kit/log-in.ts";
import { principal } from "../kit/principals.ts";

/** Issue 14: organization approvers manage members; other members cannot (the API refuses). */

const pathOf = (page: Page) => new URL(page.url()).pathname;
const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 20_000 });
const membership = (uid: string) => testAdmin().db.collection("orgMembers").doc(`${SEEDED_ORGANIZATION_ID}_${uid}`);
const pending = seededUser("resident2");
const removable = seededUser("resident");

afterEach(async () => {
  await membership(pending.uid).delete();
  await membership(removable.uid).delete();
});

/** Acting for the organization: the choice the app keeps in local storage. */
async function actForOrganization(session: BrowserSession) {
  await session.context.addInitScript(
    (id: string) => localStorage.setItem("selectedOrganization", id),
    SEEDED_ORGANIZATION_ID,
  );
}

async function addMember(user: typeof pending, verified: boolean) {
  await membership(user.uid).set({
    organizationId: SEEDED_ORGANIZATION_ID,
    OrganizationName: "Fox River Bakery",
    UserId: user.uid,
    FirstName: user.firstName,
    LastName: user.lastName,
    Role: "member",
    Verified: verified,
  });
}

describe("organization management", () => {
  const browser = useBrowser();

  it("an approver approves a pending member and removes another, and cannot remove themself", async () => {
    await addMember(pending, false);
    await addMember(removable, true);
    await actForOrganization(browser);
    const { page, url } = browser;
    await logInThroughForm(page, url, seededUser("approver").email);
    await page.goto(url("/organization_management"));
    await poll(() => pathOf(page)).toBe("/organization_management");
    const pendingName = `${pending.firstName} ${pending.lastName}`;
    const removableName = `${removable.firstName} ${removable.lastName}`;
    await page.getByRole("button", { name: `Approve ${pendingName}` }).waitFor();
    await expectNoAxeViolations(page, "organization management");

    await page.getByRole("button", { name: `Approve ${pendingName}` }).click();
    await page.getByRole("button", { name: `Remove ${pendingName}` }).waitFor();
    await poll(async () => (await membership(pending.uid).get()).data()?.Verified).toBe(true);

    await page.getByRole("button", { name: `Remove ${removableName}` }).click();
    await page.getByRole("dialog").getByRole("button", { name: en.Organization.Remove, exact: true }).click();
    await poll(() => page.getByRole("button", { name: `Remove ${removableName}` }).count()).toBe(0);
    expect((await membership(removable.uid).get()).exists).toBe(false);

    // No control acts on the approver's own membership, and the API refuses it too.
    const approverName = `${seededUser("approver").firstName} ${seededUser("approver").lastName}`;
    expect(await page.getByRole("button", { name: `Remove ${approverName}` }).count()).toBe(0);
    const self = await callApi("DELETE", "/api/organizations/members", {
      token: (await principal("approver")).idToken,
      body: { userId: seededUser("approver").uid, organizationId: SEEDED_ORGANIZATION_ID },
    });
    expect(self.status).toBe(403);
  });

  it("a member who is not an approver sees no member controls, and the API refuses their changes with 403", async () => {
    await addMember(pending, false);
    await actForOrganization(browser);
    const { page, url } = browser;
    await logInThroughForm(page, url, seededUser("orgMember").email);
    await page.goto(url("/organization_management"));
    const pendingName = `${pending.firstName} ${pending.lastName}`;
    await page.getByText(pendingName).waitFor();
    expect(await page.getByRole("button", { name: `Approve ${pendingName}` }).count()).toBe(0);
    const token = (await principal("orgMember")).idToken;
    const body = { userId: pending.uid, organizationId: SEEDED_ORGANIZATION_ID };
    expect((await callApi("PUT", "/api/organizations/members/verify", { token, body })).status).toBe(403);
    expect((await callApi("DELETE", "/api/organizations/members", { token, body })).status).toBe(403);
    expect((await membership(pending.uid).get()).data()?.Verified).toBe(false);
  });
});
