import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seededUser } from "../../emulators/src/seed/fixtures.ts";
import en from "../../web/src/locales/en.json" with { type: "json" };
import es from "../../web/src/locales/es.json" with { type: "json" };
import { deleteCreatedUsers, testAdmin } from "../kit/admin.ts";
import { callApi } from "../kit/api.ts";
import { expectNoAxeViolations, useBrowser } from "../kit/browser.ts";
import { freshVerifiedUser } from "../kit/identity.ts";
import { fillLoginForm } from "../kit/log-in.ts";
import { principal } from "../kit/principals.ts";

const PASSWORD = "Wizard-Browser-2026!";
const created: string[] = [];

const newUser = (label: string) => freshVerifiedUser(label, { password: PASSWORD, created });

// The first call of a run starts each function and logs in to the CRM, which can take long on a
// busy machine; done once here so the journeys measure the pages, not the cold start.
beforeAll(async () => {
  const { idToken } = await principal("noCrm");
  await callApi("GET", "/api/salesforce/organizations?name=Fox", { token: idToken });
  await callApi("GET", `/api/users/profile/${seededUser("noCrm").uid}`, { token: idToken });
}, 180_000);

afterAll(() =>
  deleteCreatedUsers(created, async (db, uid) => {
    const memberships = await db.collection("orgMembers").where("UserId", "==", uid).get();
    for (const doc of memberships.docs) await doc.ref.delete();
  }),
);

const pathOf = (page: Page) => new URL(page.url()).pathname;

async function logIn(page: Page, url: (path: string) => string, email: string, texts: typeof en = en) {
  await page.goto(url("/login"));
  await fillLoginForm(page, email, PASSWORD, texts);
  // Signed in, the guards send a user without a CRM id to account creation. The router swap
  // right after login leaves the page on an empty /dashboard for now (reported to the shell's
  // owner), so the test opens the wizard itself once the sign-in has settled.
  await expect.poll(() => pathOf(page), { timeout: 20_000 }).not.toBe("/login");
  await page.waitForTimeout(1500);
  await page.goto(url("/account/create/address"));
}

async function fillStep1(page: Page) {
  await page.locator("#step1-firstName").fill("Lucia");
  await page.locator("#step1-lastName").fill("Ortega");
  await page.locator("#step1-phoneNumber").fill("8475550142");
  expect(await page.locator("#step1-phoneNumber").inputValue()).toBe("(847) 555-0142");
  await page.locator("#step1-address1").fill("412 Highland Ave");
  await page.locator("#step1-city").fill("Elgin");
  await page.locator("#step1-state").selectOption("IL");
  await page.locator("#step1-zip").fill("60123-9999");
  expect(await page.locator("#step1-zip").inputValue()).toBe("60123");
}

describe("account creation wizard and account page (English)", () => {
  const browser = useBrowser();

  it("with a business: search + add new, lands on /dashboard; then edits the profile and uploads a picture", async () => {
    const { page, url } = browser;
    const user = await newUser("browser.wizard");
    await logIn(page, url, user.email);
    await expect.poll(() => pathOf(page), { timeout: 20_000 }).toBe("/account/create/address");
    await page.getByRole("heading", { level: 1, name: en.Pages.AccountCreateAddress }).waitFor();

    // A failed submit shows the error summary, which takes focus.
    await page.getByRole("button", { name: en.Account.Wizard.Next, exact: true }).click();
    const summary = page.getByRole("alert").filter({ hasText: en.Util.FormContainsErrors });
    await summary.waitFor();
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.className), { timeout: 20_000 })
      .toContain("error-summary");
    await expect
      .poll(() => page.locator("#step1-firstName").getAttribute("aria-invalid"), { timeout: 20_000 })
      .toBe("true");
    await expectNoAxeViolations(page, "/account/create/address with errors (en)");

    await fillStep1(page);
    // Typed data survives a reload (kept in sessionStorage).
    await page.reload();
    await page.locator("#step1-firstName").waitFor();
    expect(await page.locator("#step1-city").inputValue()).toBe("Elgin");
    await page.getByRole("button", { name: en.Account.Wizard.Next }).click();

    await expect.poll(() => pathOf(page), { timeout: 20_000 }).toBe("/account/create/account-information");
    // 'None of the above' is exclusive with the other boxes.
    await page.getByLabel(en.Account.Kind.Business).check();
    await page.getByLabel(en.Account.Kind.None).check();
    expect(await page.getByLabel(en.Account.Kind.Business).isChecked()).toBe(false);
    await page.getByLabel(en.Account.Kind.Business).check();
    expect(await page.getByLabel(en.Account.Kind.None).isChecked()).toBe(false);
    await expectNoAxeViolations(page, "/account/create/account-information (en)");
    await page.getByRole("button", { name: en.Account.Wizard.Next }).click();

    await expect.poll(() => pathOf(page), { timeout: 20_000 }).toBe("/account/create/business-information");
    await page.getByRole("heading", { level: 1, name: en.Pages.AccountCreateBusinessInformation }).waitFor();
    await page.getByLabel(en.Account.Org.SearchLabel).fill("Bakery");
    await page.getByRole("button", { name: "Add Fox River Bakery" }).click();
    await page.getByRole("button", { name: "Remove Fox River Bakery" }).waitFor();
    // An added organization is no longer offered by the search.
    await expect
      .poll(() => page.getByRole("button", { name: "Add Fox River Bakery" }).count(), { timeout: 20_000 })
      .toBe(0);

    await page.getByRole("button", { name: en.Account.Org.AddNew }).click();
    await page.getByRole("button", { name: en.Account.Org.AddToList }).click();
    await expect.poll(() => page.locator("#org-name").getAttribute("aria-invalid"), { timeout: 20_000 }).toBe("true");
    await expectNoAxeViolations(page, "/account/create/business-information add-new with errors (en)");
    const taxId = `98-${String(Date.now()).slice(-7)}`;
    await page.locator("#org-name").fill("Lucia's Kite Shop");
    await page.locator("#org-taxId").fill(taxId);
    await page.locator("#org-businessLicenseId").fill("BL-77001");
    await page.locator("#org-address1").fill("20 Grove Ave");
    await page.locator("#org-city").fill("Elgin");
    await page.locator("#org-state").selectOption("IL");
    await page.locator("#org-zip").fill("60120");
    await page.getByRole("button", { name: en.Account.Org.AddToList }).click();
    await page.getByRole("button", { name: "Remove Lucia's Kite Shop" }).waitFor();
    await expectNoAxeViolations(page, "/account/create/business-information (en)");
    await page.getByRole("button", { name: en.Account.Wizard.Finish }).click();

    await expect.poll(() => pathOf(page), { timeout: 20_000 }).toBe("/dashboard");
    const { db } = testAdmin();
    const stored = await db.collection("users").doc(user.uid).get();
    expect(stored.get("SalesforceId")).toMatch(/^003/);
    const memberships = await db.collection("orgMembers").where("UserId", "==", user.uid).get();
    expect(
      memberships.docs.map((doc) => [doc.get("OrganizationName"), doc.get("Role"), doc.get("Verified")]).sort(),
    ).toEqual([
      ["Fox River Bakery", "member", false],
      ["Lucia's Kite Shop", "approver", true],
    ]);

    // The account page: edit the profile.
    await page.goto(url(`/account/${user.uid}`));
    await page.locator("#profile-firstName").waitFor();
    expect(await page.locator("#profile-firstName").inputValue()).toBe("Lucia");
    await page.locator("#profile-zip").fill("");
    await page.getByRole("button", { name: en.Account.SaveChanges }).click();
    await expect
      .poll(() => page.locator("#profile-zip").getAttribute("aria-invalid"), { timeout: 20_000 })
      .toBe("true");
    await page.locator("#profile-zip").fill("60123");
    await page.locator("#profile-firstName").fill("Lucy");
    await page.getByRole("button", { name: en.Account.SaveChanges }).click();
    await page.getByRole("dialog").filter({ hasText: en.Modal.ChangesSaved }).waitFor();
    await page.getByRole("button", { name: en.Modal.Okay }).click();
    await expect
      .poll(async () => (await db.collection("users").doc(user.uid).get()).get("FirstName"), { timeout: 20_000 })
      .toBe("Lucy");
    await page.getByRole("heading", { name: en.Account.Parcel.Title }).waitFor();
    await expectNoAxeViolations(page, "/account/{id} (en)");

    // Upload a picture.
    await page.getByRole("button", { name: en.Account.Picture.Change }).click();
    const png = Buffer.from(
      "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
      "base64",
    );
    await page
      .getByLabel(en.Account.Picture.Label)
      .setInputFiles({ name: "me.png", mimeType: "image/png", buffer: png });
    await page.getByRole("button", { name: en.Account.Picture.Upload }).click();
    await page.getByText(en.Account.Picture.Uploaded).waitFor({ timeout: 20_000 });
    expect(await page.getByRole("progressbar").getAttribute("value")).toBe("100");
    await page.getByRole("button", { name: en.Modal.Close }).click();
    await page.getByRole("img", { name: en.Account.Picture.Alt }).waitFor();
    expect((await db.collection("users").doc(user.uid).get()).get("ProfilePictureUrl")).toMatch(
      /^\/api\/users\/picture\//,
    );

    // Another user's account page is refused.
    await page.goto(url(`/account/${seededUser("resident2").uid}`));
    await page.getByText(en.Account.DifferentId).waitFor();
  }, 180_000);
});

describe("account creation wizard and account page (Spanish)", () => {
  const browser = useBrowser({ locale: "es-ES" });

  it("without a business lands on /dashboard; every step and the account page are axe-clean; delete account", async () => {
    const { page, url, context } = browser;
    await context.addInitScript(() => {
      window.localStorage.setItem("language", "es");
      window.localStorage.setItem("isLanguageOverwrittenByDropdown", "true");
    });
    const user = await newUser("browser.wizard.es");
    await logIn(page, url, user.email, es as typeof en);
    await expect.poll(() => pathOf(page), { timeout: 20_000 }).toBe("/account/create/address");
    await page.getByRole("heading", { level: 1, name: es.Pages.AccountCreateAddress }).waitFor();
    await expectNoAxeViolations(page, "/account/create/address (es)");
    await fillStep1(page);
    await page.getByRole("button", { name: es.Account.Wizard.Next }).click();

    await expect.poll(() => pathOf(page), { timeout: 20_000 }).toBe("/account/create/account-information");
    await page.getByRole("button", { name: es.Account.Wizard.Next }).click();
    await page.getByText(es.ErrorValidation.AtLeastOne).first().waitFor();
    await page.getByLabel(es.Account.Kind.SeveralProperties).check();
    await page.getByRole("button", { name: es.Account.AddProperty }).click();
    await page.getByRole("button", { name: es.Account.Wizard.Next }).click();
    await expect
      .poll(() => page.locator("#step2-property-0-address1").getAttribute("aria-invalid"), { timeout: 20_000 })
      .toBe("true");
    await expectNoAxeViolations(page, "/account/create/account-information with errors (es)");
    await page.getByRole("button", { name: "Quitar la propiedad 2" }).click();
    await page.getByLabel(es.Account.Kind.None).check();
    expect(await page.getByLabel(es.Account.Kind.SeveralProperties).isChecked()).toBe(false);
    await page.getByRole("button", { name: es.Account.Wizard.Next }).click();
    await expect.poll(() => pathOf(page), { timeout: 20_000 }).toBe("/dashboard");
    expect((await testAdmin().db.collection("users").doc(user.uid).get()).get("SalesforceId")).toMatch(/^003/);

    await page.goto(url("/account/create/business-information"));
    await page.getByRole("heading", { level: 1, name: es.Pages.AccountCreateBusinessInformation }).waitFor();
    await page.getByLabel(es.Account.Org.SearchLabel).fill("Street");
    // The page announces the answer ("Se encontraron 7 organizaciones."); the search goes to the
    // CRM through a function that may be starting a new instance, so the test waits for that
    // announcement like every other wait here, not for vitest's 1-second poll default.
    await page.getByText(es.Account.Org.Results_other.replace("{{count}}", "7")).waitFor({ timeout: 20_000 });
    expect(await page.getByRole("list", { name: es.Account.Org.ResultsLabel }).getByRole("listitem").count()).toBe(7);
    await expectNoAxeViolations(page, "/account/create/business-information (es)");

    await page.goto(url(`/account/${user.uid}`));
    await page.locator("#profile-firstName").waitFor();
    await page.getByRole("heading", { name: es.Account.Notifications.Title }).waitFor();
    await expectNoAxeViolations(page, "/account/{id} (es)");

    await page.goto(url(`/account/${seededUser("resident2").uid}`));
    await page.getByText(es.Account.DifferentId).waitFor();
    await expectNoAxeViolations(page, "/account/{other id} (es)");

    // Delete the account: confirmation, 'account deleted', signed out at /.
    await page.goto(url(`/account/${user.uid}`));
    await page.getByRole("button", { name: es.Account.DeleteAccount }).click();
    await page.getByRole("button", { name: es.Account.Delete.Confirm }).click();
    await page.getByRole("dialog").filter({ hasText: es["account-deleted"] }).waitFor({ timeout: 20_000 });
    await expect.poll(() => pathOf(page), { timeout: 20_000 }).toBe("/");
    await expect
      .poll(async () => (await testAdmin().db.collection("users").doc(user.uid).get()).exists, { timeout: 20_000 })
      .toBe(false);
    await expect(testAdmin().auth.getUser(user.uid)).rejects.toThrow();
  }, 180_000);
});
