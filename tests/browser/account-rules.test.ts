import type { Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { SEEDED_ACTIVE_ALERT_IDS, SEEDED_FORM_PROCESSES } from "../../emulators/src/seed/activities.ts";
import { BILLING_FIXTURES } from "../../emulators/src/seed/billing.ts";
import { seededUser } from "../../emulators/src/seed/fixtures.ts";
import en from "../../web/src/locales/en.json" with { type: "json" };
import { fingerprint, testAdmin } from "../kit/admin.ts";
import { callApi } from "../kit/api.ts";
import { type BrowserSession, useBrowser } from "../kit/browser.ts";
import { freshVerifiedUser } from "../kit/identity.ts";
import { fillLoginForm, logInThroughForm } from "../kit/log-in.ts";
import { principal } from "../kit/principals.ts";

/**
 * Spec 1 rules of account creation, the account page and /openMobileApp that no other journey
 * proves: where the wizard ends, the street-number mismatch, the delinquent-billing flag's two
 * places, and the mobile deep link's timing.
 */

const PASSWORD = "Wizard-Rules-2026!";
const created: string[] = [];
const pathOf = (page: Page) => new URL(page.url()).pathname;
const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 20_000 });

beforeAll(async () => {
  const { idToken } = await principal("noCrm");
  await callApi("GET", `/api/users/profile/${seededUser("noCrm").uid}`, { token: idToken });
  await callApi("GET", "/api/activities");
}, 180_000);

afterAll(async () => {
  const { auth, db } = testAdmin();
  for (const uid of created) {
    await auth.deleteUser(uid).catch(() => undefined);
    await db.collection("users").doc(uid).delete();
    const links = await db.collection("billingAccounts").where("userId", "==", uid).get();
    for (const doc of links.docs) await doc.ref.delete();
  }
});

/** A field of the wizard by its visible label, which may carry a "(required)" marker after it. */
const field = (page: Page, label: string) =>
  page.getByLabel(new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}( \\(${en.Form.Required}\\))?$`));

async function fillStep1(page: Page) {
  await field(page, en.Account.Field.firstName).fill("Rosa");
  await field(page, en.Account.Field.lastName).fill("Delgado");
  await field(page, en.Form.Address.address1).fill("88 Villa St");
  await field(page, en.Form.Address.city).fill("Elgin");
  await field(page, en.Form.Address.state).selectOption("IL");
  await field(page, en.Form.Address.zip).fill("60120");
  await page.getByRole("button", { name: en.Account.Wizard.Next, exact: true }).click();
  await poll(() => pathOf(page)).toBe("/account/create/account-information");
}

/** Waits until the login has settled (the signed-in header shows), then opens the wizard. */
async function openWizardAfterLogin({ page, url }: BrowserSession) {
  await poll(() => pathOf(page)).not.toBe("/login");
  await page.locator(".user-menu__button").waitFor({ timeout: 20_000 });
  await page.goto(url("/account/create/address"));
}

/** Logs a fresh verified user (no CRM id yet) in and opens account creation. */
async function logInNewUser(session: BrowserSession, label: string) {
  const user = await freshVerifiedUser(label, { password: PASSWORD, created });
  await session.page.goto(session.url("/login"));
  await fillLoginForm(session.page, user.email, PASSWORD);
  await openWizardAfterLogin(session);
  return user;
}

describe("after the account creation wizard (desktop)", () => {
  const browser = useBrowser();

  it("goes to the activity the visitor tried to start before signing in", async () => {
    const { page, url } = browser;
    // A guest picks a service that needs an account: the login page remembers it.
    await page.goto(url("/activity/start"));
    await page.getByLabel(en.Picker.ActionLabel, { exact: true }).selectOption({ label: en.Picker.Actions.APPLY_FOR });
    const item = page.getByLabel(en.Picker.ItemLabel, { exact: true });
    await poll(() => item.isEnabled()).toBe(true);
    await item.selectOption({ label: "Block Party Permit" });
    await page.getByRole("button", { name: en.Picker.Start }).click();
    await poll(() => `${pathOf(page)}${new URL(page.url()).search}`).toBe("/login?activityId=svc-block-party");

    const user = await freshVerifiedUser("wizard.remembered", { password: PASSWORD, created });
    await fillLoginForm(page, user.email, PASSWORD);
    await openWizardAfterLogin(browser);
    await fillStep1(page);
    await page.getByLabel(en.Account.Kind.None).check();
    await page.getByRole("button", { name: en.Account.Wizard.Next, exact: true }).click();

    await poll(() => pathOf(page)).toBe("/laserfiche/form");
    expect(new URL(page.url()).searchParams.get("bpid")).toBe(SEEDED_FORM_PROCESSES.blockParty);
  });

  it("shows 'naviline-account-mismatch' when the street number does not match the utility account, and stores nothing", async () => {
    const { page } = browser;
    const user = await logInNewUser(browser, "wizard.mismatch");
    await fillStep1(page);
    await page.getByLabel(en.Account.Kind.Utilities).check();
    await field(page, en.Account.Field.utilityAccountId).fill(BILLING_FIXTURES.negativeAccount.accountNumber);
    await field(page, en.Account.Field.utilityStreetNumber).fill("99999");
    const before = await fingerprint(["billingAccounts"]);
    await page.getByRole("button", { name: en.Account.Wizard.Next, exact: true }).click();

    const alert = page.getByRole("alert").filter({ hasText: en["naviline-account-mismatch"] });
    await alert.waitFor({ timeout: 20_000 });
    await poll(() => alert.evaluate((node) => node === document.activeElement)).toBe(true);
    expect(pathOf(page)).toBe("/account/create/account-information");
    expect((await testAdmin().db.collection("users").doc(user.uid).get()).get("SalesforceId")).toBeNull();
    expect(await fingerprint(["billingAccounts"])).toBe(before);
  });
});

describe("after the account creation wizard (phone)", () => {
  const browser = useBrowser({ viewport: { width: 1235, height: 900 } });

  it("goes to /openMobileApp below 1236 px wide when no activity is remembered", async () => {
    const { page } = browser;
    await logInNewUser(browser, "wizard.phone");
    await fillStep1(page);
    await page.getByLabel(en.Account.Kind.None).check();
    await page.getByRole("button", { name: en.Account.Wizard.Next, exact: true }).click();
    await poll(() => pathOf(page)).toBe("/openMobileApp");
  });
});

describe("EnableDelinquentBillingNotifications", () => {
  const { db } = testAdmin();
  const flag = db.collection("featureFlags").doc("EnableDelinquentBillingNotifications");
  const resident2 = db.collection("users").doc(seededUser("resident2").uid);
  // The prompt is for a resident with a water account of their own (issue 28): Maria has one, James none.
  const holder = db.collection("users").doc(seededUser("resident").uid);
  let savedPrefs: unknown;
  let savedHolderPrefs: unknown;
  beforeAll(async () => {
    savedPrefs = (await resident2.get()).get("notificationPrefs") ?? null;
    savedHolderPrefs = (await holder.get()).get("notificationPrefs") ?? null;
  });
  afterEach(async () => {
    await flag.set({ name: "EnableDelinquentBillingNotifications", enabled: true });
    await resident2.update({ notificationPrefs: savedPrefs ?? {} });
    await holder.update({ notificationPrefs: savedHolderPrefs ?? {} });
  });

  describe("on the account page", () => {
    const browser = useBrowser();

    for (const enabled of [true, false]) {
      it(`${enabled ? "shows" : "hides"} the notification settings when the flag is ${enabled ? "on" : "off"}`, async () => {
        const { page, url } = browser;
        await flag.set({ name: "EnableDelinquentBillingNotifications", enabled });
        const user = seededUser("resident2");
        await logInThroughForm(page, url, user.email, { expectPath: "/dashboard" });
        await page.goto(url(`/account/${user.uid}`));
        await page.getByRole("heading", { name: en.Account.Parcel.Title }).waitFor({ timeout: 20_000 });
        const settings = page.getByRole("heading", { name: en.Account.Notifications.Title });
        if (enabled) await settings.waitFor({ timeout: 20_000 });
        else {
          await page.waitForLoadState("networkidle");
          expect(await settings.count()).toBe(0);
        }
      });
    }
  });

  describe("the preference modal after the system alerts", () => {
    const browser = useBrowser({ systemAlerts: true });
    // The seeded alerts start read, so the preference modal is the first thing that may open.
    const markAlertsRead = (session: BrowserSession) =>
      session.context.addInitScript(
        (ids: string[]) => sessionStorage.setItem("systemAlertsRead", JSON.stringify(ids)),
        [...SEEDED_ACTIVE_ALERT_IDS],
      );
    const modal = (page: Page) => page.getByRole("dialog").filter({ hasText: en.SystemAlert.DelinquencyTitle });

    it("opens for a signed-in resident with a water account and no opted-out notification, and not again once answered", async () => {
      const { page, url } = browser;
      await holder.update({ notificationPrefs: {} });
      await markAlertsRead(browser);
      await logInThroughForm(page, url, seededUser("resident").email, { expectPath: "/dashboard" });
      await modal(page).waitFor({ timeout: 20_000 });
      await modal(page).getByRole("button", { name: en.SystemAlert.NotNow }).click();
      await poll(() => modal(page).count()).toBe(0);
      await page.reload();
      await page.locator(".user-menu__button").waitFor({ timeout: 20_000 });
      await page.waitForLoadState("networkidle");
      expect(await modal(page).count()).toBe(0);
    });

    it("does not open when the flag is off", async () => {
      const { page, url } = browser;
      await holder.update({ notificationPrefs: {} });
      await flag.set({ name: "EnableDelinquentBillingNotifications", enabled: false });
      await markAlertsRead(browser);
      await logInThroughForm(page, url, seededUser("resident").email, { expectPath: "/dashboard" });
      await page.waitForLoadState("networkidle");
      await page.getByRole("heading", { level: 1, name: en.Pages.Dashboard }).waitFor();
      expect(await modal(page).count()).toBe(0);
    });

    it("does not open when the user has opted out of a notification", async () => {
      const { page, url } = browser;
      const [first] = (
        await callApi<{ notificationId: string }[]>(
          "GET",
          `/api/users/notification-prefs/${seededUser("resident").uid}`,
          { token: (await principal("resident")).idToken },
        )
      ).body;
      expect(first).toBeDefined();
      await holder.update({
        notificationPrefs: { [first?.notificationId as string]: { enabled: false, optedOut: true } },
      });
      await markAlertsRead(browser);
      await logInThroughForm(page, url, seededUser("resident").email, { expectPath: "/dashboard" });
      await page.waitForLoadState("networkidle");
      await page.getByRole("heading", { level: 1, name: en.Pages.Dashboard }).waitFor();
      expect(await modal(page).count()).toBe(0);
    });

    it("does not open for a resident without a water account", async () => {
      const { page, url } = browser;
      const user = seededUser("resident2");
      const accounts = await testAdmin().db.collection("billingAccounts").where("userId", "==", user.uid).get();
      expect(accounts.size).toBe(0);
      await resident2.update({ notificationPrefs: {} });
      await markAlertsRead(browser);
      await logInThroughForm(page, url, user.email, { expectPath: "/dashboard" });
      await page.waitForLoadState("networkidle");
      await page.getByRole("heading", { level: 1, name: en.Pages.Dashboard }).waitFor();
      expect(await modal(page).count()).toBe(0);
    });
  });
});

describe("/openMobileApp", () => {
  const browser = useBrowser();

  it("tries the app's scheme at once and goes on after 5000 ms (fake clock, no real wait)", async () => {
    const { page, url, context } = browser;
    // Time stands still from the start; the test moves it.
    const start = new Date();
    await page.clock.install({ time: start });
    await page.clock.pauseAt(new Date(start.getTime() + 1000));
    // The app scheme is handed to the operating system, not loaded: DevTools reports the attempt.
    const cdp = await context.newCDPSession(page);
    await cdp.send("Page.enable");
    const attempted: string[] = [];
    cdp.on("Page.frameRequestedNavigation", (event) => attempted.push(event.url));

    await page.goto(url("/openMobileApp"));
    await page.getByRole("status").filter({ hasText: "5 seconds" }).waitFor({ timeout: 20_000 });
    const scheme = await page.evaluate(
      () => (window as unknown as { __PORTAL_CONFIG__: { mobileAppScheme: string } }).__PORTAL_CONFIG__.mobileAppScheme,
    );
    await poll(() => attempted).toContain(scheme);
    expect(await page.getByRole("link", { name: en.Auth.MobileApp.OpenApp }).getAttribute("href")).toBe(scheme);

    await page.clock.runFor(4_900);
    expect(pathOf(page)).toBe("/openMobileApp");
    await page.clock.runFor(200);
    // A guest is sent on to /dashboard, which the guest routes answer with the home page.
    await poll(() => pathOf(page)).not.toBe("/openMobileApp");
    expect(["/dashboard", "/"]).toContain(pathOf(page));
  });

  it("a signed-in user lands on /dashboard after 5000 ms", async () => {
    const { page, url } = browser;
    await logInThroughForm(page, url, seededUser("resident").email, { expectPath: "/dashboard" });
    const start = new Date();
    await page.clock.install({ time: start });
    await page.clock.pauseAt(new Date(start.getTime() + 1000));
    await page.goto(url("/openMobileApp"));
    await page.getByRole("status").filter({ hasText: "5 seconds" }).waitFor({ timeout: 20_000 });
    await page.clock.runFor(4_900);
    expect(pathOf(page)).toBe("/openMobileApp");
    await page.clock.runFor(200);
    await poll(() => pathOf(page)).toBe("/dashboard");
  });
});
