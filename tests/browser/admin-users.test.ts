import type { Page } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import { SEED_PASSWORD, seededUser } from "../../emulators/src/seed/fixtures.ts";
import en from "../../web/src/locales/en.json" with { type: "json" };
import es from "../../web/src/locales/es.json" with { type: "json" };
import { deleteCreatedUsers, testAdmin } from "../kit/admin.ts";
import { callApi } from "../kit/api.ts";
import { expectNoAxeViolations, useBrowser } from "../kit/browser.ts";
import { freshVerifiedUser, tokenSignedInMinutesAgo } from "../kit/identity.ts";
import { storeLanguage } from "../kit/language.ts";
import { logInThroughForm } from "../kit/log-in.ts";
import { signIn } from "../kit/principals.ts";

const PASSWORD = "Admin-Journey-2026!";
const created: string[] = [];
afterAll(() => deleteCreatedUsers(created));

const poll = expect.poll;
const pathOf = (page: Page) => new URL(page.url()).pathname;

/** A verified admin with a distinctive last name, signed in through the API (their token is checked later). */
async function freshAdmin(lastName: string, label = "demote-me") {
  const user = await freshVerifiedUser(label, { password: PASSWORD, created });
  const { auth, db } = testAdmin();
  await auth.setCustomUserClaims(user.uid, { admin: true });
  const admin = await signIn(seededUser("admin").email, SEED_PASSWORD);
  // Through the admin route, so the record gets its search fields as any rename does.
  const named = await callApi("PUT", `/api/users/profile/${user.uid}`, {
    token: admin,
    body: { FirstName: "Delia", LastName: lastName, PhoneNumber: "(847) 555-0142" },
  });
  expect(named.status).toBe(200);
  await db.collection("users").doc(user.uid).update({ Admin: true });
  return { ...user, token: await signIn(user.email, PASSWORD) };
}

describe("users administration in the browser", () => {
  const browser = useBrowser();

  it("an admin searches, edits and demotes a user, whose token then stops working; axe clean en and es", {
    timeout: 240_000,
  }, async () => {
    const { page, url } = browser;
    const lastName = `Quillfeather${Date.now().toString(36)}`;
    const target = await freshAdmin(lastName);
    expect((await callApi("GET", "/api/elastic-users", { token: target.token })).status).toBe(200);

    await logInThroughForm(page, url, seededUser("admin").email);
    await page.goto(url("/users"));
    await page.getByRole("heading", { level: 1, name: en.Pages.UsersAdmin }).waitFor();
    const table = page.getByRole("table", { name: en.UsersAdmin.Caption });
    // The first visit after the stack starts waits for cold functions.
    await table.locator("tbody tr").first().waitFor({ timeout: 60_000 });
    await expectNoAxeViolations(page, "/users (en)");

    // Keyboard: the search box is reached with Tab from the page's heading and typed into.
    await page.getByRole("heading", { level: 1 }).focus();
    await page.keyboard.press("Tab");
    await poll(() => page.evaluate(() => document.activeElement?.getAttribute("type"))).toBe("search");
    await page.keyboard.type(lastName.slice(0, 14).toLowerCase());
    await poll(() => table.locator("tbody tr").count(), { timeout: 15_000 }).toBe(1);
    expect(await table.locator("tbody tr").first().textContent()).toContain(target.email);
    await page.getByRole("status").filter({ hasText: "1 user found." }).waitFor();

    // The trash: a confirmation, then the row is gone after the success toast.
    const victimName = `Rushwick${Date.now().toString(36)}`;
    const victim = await freshAdmin(victimName, "delete-me");
    const searchBox = page.getByRole("searchbox", { name: en.UsersAdmin.Search });
    await searchBox.fill(victimName.toLowerCase());
    await poll(() => table.locator("tbody tr").count(), { timeout: 15_000 }).toBe(1);
    // U13: the admin's sign-in is older than 5 minutes. The first DELETE carries the same admin's
    // token with an auth_time 6 minutes back, so the real server refuses it (recent-sign-in-required);
    // the page then asks for the password, signs in again and deletes with the fresh token.
    let aged = 0;
    await page.route("**/api/users/*", async (route) => {
      const request = route.request();
      if (request.method() !== "DELETE" || aged > 0) return route.fallback();
      aged += 1;
      const token = (request.headers().authorization ?? "").replace(/^Bearer /, "");
      const stale = await tokenSignedInMinutesAgo(seededUser("admin").uid, token, 6);
      return route.fallback({ headers: { ...request.headers(), authorization: `Bearer ${stale}` } });
    });
    const refused = page.waitForResponse(
      (response) => response.request().method() === "DELETE" && response.url().includes(victim.uid),
    );
    await table.getByRole("button", { name: `${en.UsersAdmin.Delete} ${victim.email}` }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByText(victim.email).waitFor();
    await dialog.getByRole("button", { name: en.UsersAdmin.Delete }).click();
    expect((await refused).status()).toBe(403);
    const again = page.getByRole("dialog", { name: en.UsersAdmin.SignInAgainTitle });
    await again.getByText(en.UsersAdmin.SignInAgainBody).waitFor();
    expect(await again.getByLabel(en.UsersAdmin.Column.Email).inputValue()).toBe(seededUser("admin").email);
    await expectNoAxeViolations(page, "/users sign in again (en)");
    const password = again.getByLabel(en.UsersAdmin.SignInAgainPassword, { exact: false });
    await password.fill("not-the-password-1");
    await password.press("Enter");
    await again.getByText(en.Auth.InvalidEmailOrPassword).waitFor();
    expect((await testAdmin().auth.getUser(victim.uid)).uid).toBe(victim.uid);
    await password.fill(SEED_PASSWORD);
    await password.press("Enter");
    await page.getByRole("status").filter({ hasText: en["success-remove"] }).waitFor({ timeout: 15_000 });
    expect(aged).toBe(1);
    await page.unroute("**/api/users/*");
    await poll(() => table.locator("tbody tr").count()).toBe(0);
    await page.getByText(en.UsersAdmin.NoneFound).waitFor();
    await poll(async () => (await testAdmin().db.collection("users").doc(victim.uid).get()).exists).toBe(false);
    await searchBox.fill(lastName.slice(0, 14).toLowerCase());
    await poll(() => table.locator("tbody tr").count(), { timeout: 15_000 }).toBe(1);

    // The pencil, by keyboard.
    const edit = table.getByRole("link", { name: `${en.UsersAdmin.Edit} ${target.email}` });
    await edit.focus();
    await page.keyboard.press("Enter");
    await poll(() => pathOf(page)).toBe(`/users/edit/${target.uid}/users`);
    const firstName = page.getByLabel(en.UsersAdmin.Column.FirstName, { exact: false });
    await poll(() => firstName.inputValue(), { timeout: 20_000 }).toBe("Delia");
    await page.getByRole("heading", { name: en.UsersAdmin.PaymentSettings }).waitFor();
    await page.getByText(en.UsersAdmin.NoWaterAccounts).waitFor();
    await expectNoAxeViolations(page, "/users/edit (en)");

    // A required field left empty: the summary takes focus, nothing is saved.
    await firstName.fill("");
    await page.getByRole("button", { name: en.UsersAdmin.Save }).click();
    await poll(() => page.evaluate(() => document.activeElement?.className)).toContain("error-summary");
    await page.getByText(en.User.CouldNotUpdateUser).waitFor();
    // E06: the CRM id is required too; this user has none, so it is marked with the first name.
    const salesforceId = page.getByLabel(en.UsersAdmin.Column.SalesforceId, { exact: false });
    expect(await salesforceId.getAttribute("aria-invalid")).toBe("true");
    expect(await firstName.getAttribute("aria-invalid")).toBe("true");

    await firstName.fill("Delphine");
    await salesforceId.fill("003000000000142AAA");
    const adminToggle = page.getByLabel(en.UsersAdmin.AdminToggle, { exact: true });
    expect(await adminToggle.isChecked()).toBe(true);
    await adminToggle.uncheck();
    await page.getByRole("button", { name: en.UsersAdmin.Save }).click();
    await page.getByRole("status").filter({ hasText: en["success-update"] }).waitFor();
    await page.getByText(/Last changed by clerk@example\.gov/).waitFor();

    const { auth, db } = testAdmin();
    expect((await auth.getUser(target.uid)).customClaims?.admin).toBe(false);
    const stored = await db.collection("users").doc(target.uid).get();
    expect(stored.get("FirstName")).toBe("Delphine");
    expect(stored.get("SalesforceId")).toBe("003000000000142AAA");
    expect(stored.get("AdminChangedBy")).toMatchObject({ email: seededUser("admin").email });
    // The demoted user's token stops working for admin routes at once (revoked, not after the hour).
    const after = await callApi("GET", "/api/elastic-users", { token: target.token });
    expect([401, 403]).toContain(after.status);

    await page.getByRole("link", { name: en.UsersAdmin.BackToList }).click();
    await page.getByRole("heading", { level: 1, name: en.Pages.UsersAdmin }).waitFor();

    // The view of a verified user with histories.
    await page.goto(url(`/users/view/${seededUser("resident").uid}/users`));
    await page.getByRole("heading", { name: en.UsersAdmin.ActivityHistory }).waitFor();
    await page.getByText("IP address 203.0.113.24, at 11/02/26 9:04:05 AM").waitFor({ timeout: 20_000 });
    // The seeded report, and any a report test filed as this resident since: the service's name.
    await page
      .getByRole("cell", { name: `${en.ActivityAdmin.Action.REPORT} Pothole` })
      .first()
      .waitFor();
    await page.getByRole("heading", { name: en.UsersAdmin.PaymentHistory }).waitFor();
    await page.locator("td", { hasText: /^\$/ }).first().waitFor({ timeout: 20_000 });
    await page.getByRole("link", { name: en.UsersAdmin.EditUser }).waitFor();
    await expectNoAxeViolations(page, "/users/view verified (en)");
    await page.getByRole("button", { name: en.UsersAdmin.SendResetEmail }).click();
    await page.getByRole("status").filter({ hasText: "The email was sent to maria.lopez@example.com." }).waitFor();

    // An unverified user: no data, a registration email instead.
    await page.goto(url(`/users/view/${seededUser("unverified").uid}/users`));
    await page.getByText(en.UsersAdmin.UserDataUnavailable).waitFor({ timeout: 20_000 });
    await page.getByRole("button", { name: en.UsersAdmin.ResendRegistration }).waitFor();
    await expectNoAxeViolations(page, "/users/view unverified (en)");

    // The older edit form (/users/{id}) returns to the list on success.
    await page.goto(url(`/users/${target.uid}`));
    await poll(() => page.getByLabel(en.UsersAdmin.Column.FirstName).inputValue(), { timeout: 20_000 }).toBe(
      "Delphine",
    );
    await expectNoAxeViolations(page, "/users/{id} (en)");
    await page.getByRole("button", { name: en.UsersAdmin.Save }).click();
    await poll(() => pathOf(page), { timeout: 15_000 }).toBe("/users");

    // Spanish, every page.
    await storeLanguage(page);
    await page.getByRole("heading", { level: 1, name: es.Pages.UsersAdmin }).waitFor();
    await page.getByRole("table", { name: es.UsersAdmin.Caption }).locator("tbody tr").first().waitFor();
    await expectNoAxeViolations(page, "/users (es)");
    await page.goto(url(`/users/edit/${target.uid}/users-view`));
    await page.getByRole("heading", { name: es.UsersAdmin.PaymentSettings }).waitFor({ timeout: 20_000 });
    await page.getByRole("link", { name: es.UsersAdmin.BackToUser }).waitFor();
    await expectNoAxeViolations(page, "/users/edit (es)");
    await page.goto(url(`/users/view/${seededUser("resident").uid}/users`));
    await page
      .getByRole("cell", { name: `${es.ActivityAdmin.Action.REPORT} Bache` })
      .first()
      .waitFor({ timeout: 20_000 });
    await expectNoAxeViolations(page, "/users/view (es)");
    await page.goto(url(`/users/${target.uid}`));
    await page.getByRole("heading", { name: es.UsersAdmin.PaymentSettings }).waitFor({ timeout: 20_000 });
    await expectNoAxeViolations(page, "/users/{id} (es)");
  });

  it("a save the server cannot make shows the banner headed 'Error' with both texts and an error toast (spec 3 §8, E11)", {
    timeout: 120_000,
  }, async () => {
    const { page, url } = browser;
    const gone = await freshAdmin(`Vanwick${Date.now().toString(36)}`, "vanish");
    await logInThroughForm(page, url, seededUser("admin").email);
    await storeLanguage(page);
    await page.goto(url(`/users/edit/${gone.uid}/users`));
    const firstName = page.getByLabel(es.UsersAdmin.Column.FirstName, { exact: false });
    await poll(() => firstName.inputValue(), { timeout: 20_000 }).toBe("Delia");
    await page.getByLabel(es.UsersAdmin.Column.SalesforceId, { exact: false }).fill("003000000000143AAA");
    // The user is deleted elsewhere while the page is open: the server cannot update them.
    await testAdmin().auth.deleteUser(gone.uid);
    await page.getByRole("button", { name: es.UsersAdmin.Save }).click();
    const banner = page
      .getByRole("alert")
      .filter({ has: page.getByRole("heading", { name: es.UsersAdmin.UpdateFailedTitle, exact: true }) });
    await banner.getByText(es.User.FailedToUpdateUser).waitFor({ timeout: 15_000 });
    await banner.getByText(es.User.CouldNotUpdateUser).waitFor();
    await page.locator(".toast--error").filter({ hasText: es.User.FailedToUpdateUser }).waitFor();
    expect(await page.getByRole("dialog").count()).toBe(0);
    await expectNoAxeViolations(page, "/users/edit failed save (es)");
  });
});
