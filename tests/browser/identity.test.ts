import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { SEED_PASSWORD, seededUser } from "../../emulators/src/seed/fixtures.ts";
import en from "../../web/src/locales/en.json" with { type: "json" };
import es from "../../web/src/locales/es.json" with { type: "json" };
import { testAdmin } from "../kit/admin.ts";
import { expectNoAxeViolations, useBrowser } from "../kit/browser.ts";
import { createIdentityUser, crmOnlyContactEmail, freshEmail, latestOobCode } from "../kit/identity.ts";
import { fillLoginForm } from "../kit/log-in.ts";

const NEW_PASSWORD = "Brand-New-2026!";
const pathOf = (page: Page) => new URL(page.url()).pathname;
/** Polls long enough for a cold functions emulator and lazy page chunks. */
const poll = <T>(read: () => T | Promise<T>, options: { timeout?: number } = {}) =>
  expect.poll(read, { timeout: options.timeout ?? 15_000 });

/** The portal URL an email action link opens (the action URL is the portal; the query is the emulator's). */
function portalLinkFor(oobLink: string, path: string): string {
  const link = new URL(oobLink);
  const query = new URLSearchParams({
    mode: link.searchParams.get("mode") ?? "",
    oobCode: link.searchParams.get("oobCode") ?? "",
  });
  return `${path}?${query.toString()}`;
}

describe("identity journeys", () => {
  const browser = useBrowser();

  /** Fills the sign-up form with this email and NEW_PASSWORD and sends it. */
  const signUp = async (email: string) => {
    const { page, url } = browser;
    await page.goto(url("/signup"));
    await page.getByLabel(en.Auth.Fields.Email, { exact: true }).fill(email);
    await page.getByLabel(en.Auth.Fields.ConfirmEmail, { exact: true }).fill(email);
    await page.getByLabel(en.Auth.Fields.Password, { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel(en.Auth.Fields.ConfirmPassword, { exact: true }).fill(NEW_PASSWORD);
    await page.getByRole("button", { name: en.Auth.Signup.Submit }).click();
  };

  it("signs up, opens the verification link from the Auth emulator and lands on account creation", async () => {
    const { page, url } = browser;
    const email = freshEmail("browser.signup");
    await signUp(email);

    await poll(() => pathOf(page), { timeout: 30_000 }).toBe("/account/verificationRequired");
    const { auth, db } = testAdmin();
    const uid = (await auth.getUserByEmail(email)).uid;
    expect((await db.collection("users").doc(uid).get()).get("CrmContactId")).toBeTruthy();

    const code = await latestOobCode(email, "VERIFY_EMAIL");
    await page.goto(url(portalLinkFor(code.oobLink, "/account/verificationRequired")));
    await poll(() => pathOf(page), { timeout: 30_000 }).toMatch(/^\/account\/create/);
    expect((await auth.getUser(uid)).emailVerified).toBe(true);
    await poll(async () => (await db.collection("users").doc(uid).get()).get("Verified")).toBe(true);
  });

  it("an email the CRM already knows is refused with error-sf-account-exists and signed out", async () => {
    const { page } = browser;
    const email = crmOnlyContactEmail(1);
    await signUp(email);
    await poll(() => page.getByRole("alert").filter({ hasText: en["error-sf-account-exists"] }).count(), {
      timeout: 20_000,
    }).toBe(1);
    expect(pathOf(page)).toBe("/signup");
    await expect(testAdmin().auth.getUserByEmail(email)).rejects.toMatchObject({ code: "auth/user-not-found" });
    await poll(() => page.getByRole("banner").getByRole("link", { name: en.Header.Login }).isVisible()).toBe(true);
  });

  it("a sign-up form with mistakes shows an error summary that takes focus", async () => {
    const { page, url } = browser;
    await page.goto(url("/signup"));
    await page.getByLabel(en.Auth.Fields.Email, { exact: true }).fill("not-an-email");
    await page.getByLabel(en.Auth.Fields.Password, { exact: true }).fill("short");
    await page.getByRole("button", { name: en.Auth.Signup.Submit }).click();
    const summary = page.getByRole("alert").filter({ hasText: en.Util.FormContainsErrors });
    await poll(() => summary.evaluate((node) => node === document.activeElement)).toBe(true);
    const emailInput = page.getByLabel(en.Auth.Fields.Email, { exact: true });
    expect(await emailInput.getAttribute("aria-invalid")).toBe("true");
    expect(await summary.textContent()).toContain(en.ErrorValidation.Invalid);
    expect(await summary.textContent()).toContain(en.ErrorValidation.RequirementsNotMet);
  });

  it("logs in with a remembered activityId and goes to that activity", async () => {
    const { page, url } = browser;
    const resident = seededUser("resident");
    const started = Date.now();
    await page.goto(url("/login?activityId=TEST_ACTIVITY_42"));
    await page.getByRole("heading", { level: 1, name: en.Pages.Login }).waitFor();
    await fillLoginForm(page, resident.email, SEED_PASSWORD);
    const name = `${resident.firstName} ${resident.lastName}`;
    await poll(() => page.getByRole("button", { name }).count(), { timeout: 30_000 }).toBeGreaterThan(0);
    await poll(() => page.getByRole("heading", { level: 1, name: en.Pages.Login }).count()).toBe(0);
    expect(pathOf(page)).toBe("/activity/start");
    expect(new URL(page.url()).searchParams.get("activityId")).toBe("TEST_ACTIVITY_42");

    // Login success records a UserLogin session event.
    await poll(async () => {
      const events = await testAdmin().db.collection("userEvents").where("UserId", "==", resident.uid).get();
      return events.docs.some(
        (doc) => doc.get("Event") === "UserLogin" && doc.get("CreatedAt")?.toMillis() >= started - 5000,
      );
    }).toBe(true);
  });

  it("a wrong password shows Auth.InvalidEmailOrPassword", async () => {
    const { page, url } = browser;
    await page.goto(url("/login"));
    await fillLoginForm(page, seededUser("resident").email, "Wrong-Password-1!");
    await poll(() => page.getByRole("alert").filter({ hasText: en.Auth.InvalidEmailOrPassword }).count()).toBe(1);
    expect(pathOf(page)).toBe("/login");
  });

  it("guest_enabled with redirectto=payment offers 'make payment as guest'", async () => {
    const { page, url } = browser;
    await page.goto(url("/login?guest_enabled=true&redirectto=payment"));
    await page.getByRole("heading", { level: 1, name: en.Pages.Login }).waitFor();
    await page.getByRole("button", { name: en.Auth.Login.GuestPayment }).click();
    await poll(() => pathOf(page)).toBe("/payment");
    await page.getByRole("heading", { level: 1, name: en.Pages.Payment }).waitFor();
  });

  it("resets a password through the emulator's link and logs in with the new one", async () => {
    const { page, url } = browser;
    const email = freshEmail("browser.reset");
    await createIdentityUser(email, "Old-Password-2026!");
    await page.goto(url("/forgotpassword"));
    await page.getByLabel(en.Auth.Fields.Email, { exact: true }).fill(email);
    await page.getByRole("button", { name: en.Auth.ForgotPassword.Submit }).click();
    await poll(() => page.getByRole("status").filter({ hasText: en["check-your-email"] }).count()).toBe(1);

    const code = await latestOobCode(email, "PASSWORD_RESET");
    await page.goto(url(portalLinkFor(code.oobLink, "/resetPassword")));
    await page.getByLabel(en.Auth.Fields.NewPassword, { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel(en.Auth.Fields.ConfirmPassword, { exact: true }).fill(NEW_PASSWORD);
    await page.getByRole("button", { name: en.Auth.ResetPassword.Submit }).click();
    await poll(() => page.getByRole("status").filter({ hasText: en.Auth.ResetPassword.Done }).count()).toBe(1);

    // The used link has expired now.
    await page.goto(url(portalLinkFor(code.oobLink, "/resetPassword")));
    await poll(() => page.getByRole("alert").filter({ hasText: en.Auth.ResetPassword.Expired }).count()).toBe(1);

    await page.goto(url("/login"));
    await fillLoginForm(page, email, NEW_PASSWORD);
    // A reset through the emailed link proves the address, so the user goes on to account creation.
    await poll(() => pathOf(page), { timeout: 30_000 }).toMatch(/^\/account\/create/);
  });

  it("the resend button waits 60 seconds and says so", async () => {
    const { page, url } = browser;
    await page.goto(url("/login"));
    await fillLoginForm(page, seededUser("unverified").email, SEED_PASSWORD);
    await poll(() => pathOf(page), { timeout: 30_000 }).toBe("/account/verificationRequired");
    await page.getByRole("button", { name: en.Auth.Verification.Resend }).click();
    const waiting = page.getByRole("button", { name: /Resend in \d+ seconds/ });
    await poll(() => waiting.isDisabled()).toBe(true);
    expect(await page.getByRole("main").locator("[aria-live=polite]").textContent()).toContain("60 seconds");
  });
});

describe("axe: identity pages in English and Spanish", () => {
  const browser = useBrowser();

  async function checkBothLanguages(page: Page, label: string, signedInAs?: string) {
    await page.getByRole("heading", { level: 1 }).first().waitFor();
    await expectNoAxeViolations(page, `${label} (en)`);
    // Signed in, the language choice sits in the user menu.
    if (signedInAs) await page.getByRole("button", { name: signedInAs }).click();
    await page.getByRole("combobox", { name: en.Language.Label }).selectOption("es");
    await poll(() => page.locator("html").getAttribute("lang")).toBe("es");
    await expectNoAxeViolations(page, `${label} (es)`);
    if (signedInAs && !(await page.getByRole("combobox", { name: es.Language.Label }).isVisible())) {
      await page.getByRole("button", { name: signedInAs }).click();
    }
    await page.getByRole("combobox", { name: es.Language.Label }).selectOption("en");
    await poll(() => page.locator("html").getAttribute("lang")).toBe("en");
  }

  for (const path of ["/login", "/signup", "/forgotpassword", "/openMobileApp"]) {
    it(path, async () => {
      const { page, url } = browser;
      await page.goto(url(path));
      await checkBothLanguages(page, path);
    });
  }

  it("/login and /signup with their error messages showing", async () => {
    const { page, url } = browser;
    await page.goto(url("/login?guest_enabled=true&redirectto=payment"));
    await page.getByRole("button", { name: en.Auth.Login.Submit }).click();
    await page.getByRole("alert").filter({ hasText: en.Util.FormContainsErrors }).waitFor();
    await checkBothLanguages(page, "/login with errors");
    await page.goto(url("/signup"));
    await page.getByRole("button", { name: en.Auth.Signup.Submit }).click();
    await page.getByRole("alert").filter({ hasText: en.Util.FormContainsErrors }).waitFor();
    await checkBothLanguages(page, "/signup with errors");
  });

  it("/resetPassword with a valid code and with an expired one", async () => {
    const { page, url } = browser;
    await page.goto(url("/resetPassword?mode=resetPassword&oobCode=not-a-real-code"));
    await page.getByRole("alert").filter({ hasText: en.Auth.ResetPassword.Expired }).waitFor();
    await checkBothLanguages(page, "/resetPassword expired");

    const email = freshEmail("axe.reset");
    await createIdentityUser(email, "Old-Password-2026!");
    await page.goto(url("/forgotpassword"));
    await page.getByLabel(en.Auth.Fields.Email, { exact: true }).fill(email);
    await page.getByRole("button", { name: en.Auth.ForgotPassword.Submit }).click();
    const code = await latestOobCode(email, "PASSWORD_RESET");
    await page.goto(url(portalLinkFor(code.oobLink, "/resetPassword")));
    await page.getByLabel(en.Auth.Fields.NewPassword, { exact: true }).waitFor();
    await checkBothLanguages(page, "/resetPassword");
  });

  it("/account/verificationRequired", async () => {
    const { page, url } = browser;
    await page.goto(url("/login"));
    await fillLoginForm(page, seededUser("unverified").email, SEED_PASSWORD);
    await poll(() => pathOf(page), { timeout: 30_000 }).toBe("/account/verificationRequired");
    const user = seededUser("unverified");
    await checkBothLanguages(page, "/account/verificationRequired", `${user.firstName} ${user.lastName}`);
  });
});
