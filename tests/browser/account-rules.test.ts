import type { Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { SEEDED_ACTIVE_ALERT_IDS } from "../../emulators/src/seed/activities.ts";
import { seededUser } from "../../emulators/src/seed/fixtures.ts";
import en from "../../web/src/locales/en.json" with { type: "json" };
import { testAdmin } from "../kit/admin.ts";
import { callApi } from "../kit/api.ts";
import { type BrowserSession, useBrowser } from "../kit/browser.ts";
import { logInThroughForm } from "../kit/log-in.ts";
import { principal } from "../kit/principals.ts";

/**
 * Spec 1 rules of account creation, the account page and /openMobileApp that no other journey
 * proves: where the wizard ends, the street-number mismatch, the delinquent-billing flag's two
 * places, and the mobile deep link's timing.
 */

const _PASSWORD = "Wizard-Rules-2026!";
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

describe("EnableDelinquentBillingNotifications", () => {
  const { db } = testAdmin();
  const flag = db.collection("featureFlags").doc("EnableDelinquentBillingNotifications");
  const resident2 = db.collection("users").doc(seededUser("resident2").uid);
  let savedPrefs: unknown;
  beforeAll(async () => {
    savedPrefs = (await resident2.get()).get("notificationPrefs") ?? null;
  });
  afterEach(async () => {
    await flag.set({ name: "EnableDelinquentBillingNotifications", enabled: true });
    await resident2.update({ notificationPrefs: savedPrefs ?? {} });
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

    it("opens for a signed-in user with no opted-out notification, and once per session", async () => {
      const { page, url } = browser;
      await resident2.update({ notificationPrefs: {} });
      await markAlertsRead(browser);
      await logInThroughForm(page, url, seededUser("resident2").email, { expectPath: "/dashboard" });
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
      await resident2.update({ notificationPrefs: {} });
      await flag.set({ name: "EnableDelinquentBillingNotifications", enabled: false });
      await markAlertsRead(browser);
      await logInThroughForm(page, url, seededUser("resident2").email, { expectPath: "/dashboard" });
      await page.waitForLoadState("networkidle");
      await page.getByRole("heading", { level: 1, name: en.Pages.Dashboard }).waitFor();
      expect(await modal(page).count()).toBe(0);
    });

    it("does not open when the user has opted out of a notification", async () => {
      const { page, url } = browser;
      const [first] = (
        await callApi<{ notificationId: string }[]>(
          "GET",
          `/api/users/notification-prefs/${seededUser("resident2").uid}`,
          { token: (await principal("resident2")).idToken },
        )
      ).body;
      expect(first).toBeDefined();
      await resident2.update({
        notificationPrefs: { [first?.notificationId as string]: { enabled: false, optedOut: true } },
      });
      await markAlertsRead(browser);
      await logInThroughForm(page, url, seededUser("resident2").email, { expectPath: "/dashboard" });
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
