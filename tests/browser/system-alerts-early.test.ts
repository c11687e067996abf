import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { SEEDED_ACTIVE_ALERT_IDS } from "../../emulators/src/seed/activities.ts";
import { seededUser } from "../../emulators/src/seed/fixtures.ts";
import en from "../../web/src/locales/en.json" with { type: "json" };
import es from "../../web/src/locales/es.json" with { type: "json" };
import { expectNoAxeViolations, useBrowser } from "../kit/browser.ts";
import { logInThroughForm } from "../kit/log-in.ts";

const EARLY_CALLS = ["/api/systemAlerts", "/api/paymentMaintenanceInfo"];

/**
 * Every GET of the alert dialog's two calls, with the script that started it (DevTools' initiator:
 * the top of its stack), so the test can tell index.html's early request from the app's own.
 */
async function recordEarlyCalls(page: Page) {
  const calls: { path: string; startedBy: string; withToken: boolean }[] = [];
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  cdp.on("Network.requestWillBeSent", (event) => {
    const { pathname } = new URL(event.request.url);
    if (!EARLY_CALLS.includes(pathname) || event.request.method !== "GET") return;
    const frame = event.initiator.stack?.callFrames[0];
    calls.push({
      path: pathname,
      startedBy: frame ? new URL(frame.url).pathname : event.initiator.type,
      withToken: Object.keys(event.request.headers).some((name) => name.toLowerCase() === "authorization"),
    });
  });
  return calls;
}

/** The dialog is up, named by its title, and holds the keyboard focus (showModal). */
async function expectAlertDialog(page: Page, title: string, dismiss: string) {
  const dialog = page.getByRole("dialog", { name: title });
  await dialog.waitFor({ timeout: 20_000 });
  await expect
    .poll(() => page.evaluate(() => document.activeElement?.closest("dialog")?.querySelector("h2")?.textContent))
    .toBe(title);
  expect(await dialog.getByRole("button", { name: dismiss }).isVisible()).toBe(true);
}

describe("a first visit's system alert dialog gets its data from requests index.html starts (issue 12)", () => {
  const english = useBrowser({ systemAlerts: true });

  it("asks for the alerts and the maintenance info once each, from early-requests.js, and shows the dialog", async () => {
    const { page, url } = english;
    const calls = await recordEarlyCalls(page);
    await page.goto(url("/login"));
    await expectAlertDialog(page, "Water main work on Chicago Street", en.SystemAlert.Dismiss);
    await page.waitForLoadState("networkidle");
    // Once each: the app took the early answers instead of asking again.
    expect(calls.map((call) => call.path).sort()).toEqual([...EARLY_CALLS].sort());
    for (const call of calls) expect(call.startedBy, call.path).toBe("/early-requests.js");
    await expectNoAxeViolations(page, "/login with a system alert, first visit (en)");

    // One dialog holds both alerts, the second under a count (issue 28); dismissed, none follows and
    // focus goes to the page's heading. A reload of the tab takes the list it holds: nothing asked early.
    const dialog = page.getByRole("dialog", { name: "Water main work on Chicago Street" });
    expect(await dialog.getByRole("heading", { name: "Leaf collection has started" }).isVisible()).toBe(true);
    // Spec 3 §9 (audit item A08): the alert dialog is at most 600 px wide, with the amber accent (#b45309).
    const look = await dialog.evaluate((element) => ({
      width: element.getBoundingClientRect().width,
      accent: getComputedStyle(element).borderTopColor,
    }));
    expect(look).toEqual({ width: 600, accent: "rgb(180, 83, 9)" });
    await dialog.getByRole("button", { name: en.SystemAlert.Dismiss }).click();
    await expect.poll(() => page.locator("dialog[open]").count()).toBe(0);
    await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe("H1");
    calls.length = 0;
    await page.reload();
    await page.locator("h1").waitFor({ timeout: 20_000 });
    await page.waitForLoadState("networkidle");
    expect(await page.locator("dialog[open]").count()).toBe(0);
    expect(calls.filter((call) => call.startedBy === "/early-requests.js")).toEqual([]);
  });
});

describe("a signed-in page's alert dialog does not wait for the sign-in (issue 12)", () => {
  const session = useBrowser({ systemAlerts: true });

  it("asks early, without a token, and shows the dialog over /dashboard", async () => {
    const { context, page, url } = session;
    // Signed in with the alerts read in this tab only (sessionStorage is per tab).
    await page.addInitScript(
      (ids: string[]) => sessionStorage.setItem("systemAlertsRead", JSON.stringify(ids)),
      [...SEEDED_ACTIVE_ALERT_IDS],
    );
    await logInThroughForm(page, url, seededUser("resident").email, { expectPath: "/dashboard" });

    // A new tab of the same browser: the Firebase session is kept, the alerts are unread.
    const tab = await context.newPage();
    const calls = await recordEarlyCalls(tab);
    await tab.goto(url("/dashboard"));
    await expectAlertDialog(tab, "Water main work on Chicago Street", en.SystemAlert.Dismiss);
    // Behind it, the signed-in page.
    await tab.locator("h1", { hasText: en.Pages.Dashboard }).waitFor({ timeout: 20_000 });
    await tab.waitForLoadState("networkidle");
    expect(calls).toEqual(
      expect.arrayContaining(EARLY_CALLS.map((path) => ({ path, startedBy: "/early-requests.js", withToken: false }))),
    );
    expect(calls, JSON.stringify(calls)).toHaveLength(EARLY_CALLS.length);
    await expectNoAxeViolations(tab, "/dashboard with a system alert, signed in (en)");
  });
});

describe("a Spanish-speaking first visitor's alert dialog, from the same early requests", () => {
  const spanish = useBrowser({ systemAlerts: true, locale: "es-ES" });

  it("shows the Spanish title, with one request each", async () => {
    const { page, url } = spanish;
    const calls = await recordEarlyCalls(page);
    await page.goto(url("/permit-search"));
    await expectAlertDialog(page, "Obras de la red de agua en Chicago Street", es.SystemAlert.Dismiss);
    await page.waitForLoadState("networkidle");
    expect(calls.map((call) => call.path).sort()).toEqual([...EARLY_CALLS].sort());
    for (const call of calls) expect(call.startedBy, call.path).toBe("/early-requests.js");
    await expectNoAxeViolations(page, "/permit-search with a system alert, first visit (es)");
  });
});
