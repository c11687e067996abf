import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { seededUser } from "../../emulators/src/seed/fixtures.ts";
import en from "../../web/src/locales/en.json" with { type: "json" };
import es from "../../web/src/locales/es.json" with { type: "json" };
import { testAdmin } from "../kit/admin.ts";
import { expectNoAxeViolations, useBrowser } from "../kit/browser.ts";
import { openCase } from "../kit/case-updates.ts";
import { stackCrm } from "../kit/identity.ts";
import { storeLanguage } from "../kit/language.ts";
import { fillLoginForm, logInThroughForm } from "../kit/log-in.ts";
import { horizontalOverflow } from "../kit/page-checks.ts";

/**
 * Issue 33, "a resident can follow any open case": a second resident opens a neighbour's open report
 * by its link (/reports/:caseId), follows it by keyboard only and sees it confirmed; after a reload
 * the page says she follows it. In English and in Spanish, on a phone (390 px), axe clean. A signed-out
 * visitor sees the same public facts; her Follow takes her to /login, and signing in brings her back to
 * the case, followed (auth-navigation's return path).
 */

const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 20_000 });
const fill = (text: string, caseNumber: string) => text.replace("{{caseNumber}}", caseNumber);

/** Presses Tab until the focused element is the button named `name` (at most 40 presses). */
async function tabTo(page: Page, name: string): Promise<void> {
  for (let press = 0; press < 40; press++) {
    await page.keyboard.press("Tab");
    const focused = await page.evaluate(() => {
      const active = document.activeElement;
      return active?.tagName === "BUTTON" ? (active.textContent ?? "").trim() : null;
    });
    if (focused === name) return;
  }
  throw new Error(`Tab never reached the button "${name}"`);
}

/** The focused element's text: focus stays on the one button when it changes its label. */
const focusedText = (page: Page) => page.evaluate(() => (document.activeElement?.textContent ?? "").trim());

describe("following a neighbour's open report", () => {
  const browser = useBrowser({ viewport: { width: 390, height: 844 } });

  it("a second resident opens the case by its link, follows it by keyboard, sees it confirmed, and sees she follows it after a reload; en and es, axe clean, 390 px", async () => {
    const { page, url } = browser;
    const follower = seededUser("resident2");
    const crm = stackCrm();
    // A neighbour's open streetlight report (a contact of the test's own, so no seeded list changes).
    const neighbour = await crm.create("Contact", { FirstName: "Test", LastName: "follow-neighbour" });
    const made = await openCase(neighbour, "Streetlight Repair: 64 Grove Ave", "Streetlight Repair");
    await crm.update("Case", made.id, { Report_Address__c: "64 Grove Ave" });
    const followerDoc = testAdmin().db.collection("reportFollowers").doc(`${made.id}_${follower.uid}`);
    try {
      await logInThroughForm(page, url, follower.email);
      await page.goto(url(`/reports/${made.id}`));
      await page.getByRole("heading", { level: 1, name: fill(en.Report.CaseNumber, made.caseNumber) }).waitFor();
      const facts = page.locator(".report-case__facts");
      await facts.getByText(en.Report.Types.streetlight, { exact: true }).waitFor();
      await facts.getByText("64 Grove Ave", { exact: true }).waitFor();
      await page.getByRole("status").getByText(en.Report.Case.NotFollowing).waitFor();
      await expectNoAxeViolations(page, "/reports/:caseId, not followed (en)");
      expect((await horizontalOverflow(page)).overflow).toBe(0);

      // Keyboard only: Tab to "Follow this case", Enter; the confirmation is announced and focus
      // stays on the same button, now "Stop following this case".
      await tabTo(page, en.Report.Case.Follow);
      await page.keyboard.press("Enter");
      await page.getByRole("status").getByText(fill(en.Report.Case.NowFollowing, made.caseNumber)).waitFor();
      await poll(() => focusedText(page)).toBe(en.Report.Case.Unfollow);
      await poll(async () => (await followerDoc.get()).exists).toBe(true);
      await expectNoAxeViolations(page, "/reports/:caseId, just followed (en)");

      // On reload the page says she follows it.
      await page.reload();
      await page.getByRole("status").getByText(fill(en.Report.Case.Following, made.caseNumber)).waitFor();
      await page.getByRole("button", { name: en.Report.Case.Unfollow }).waitFor();

      // Spanish: she stops following it and follows it again, by keyboard; a reload says she follows it.
      await storeLanguage(page, "es");
      await page.getByRole("heading", { level: 1, name: fill(es.Report.CaseNumber, made.caseNumber) }).waitFor();
      await page.getByRole("status").getByText(fill(es.Report.Case.Following, made.caseNumber)).waitFor();
      await expectNoAxeViolations(page, "/reports/:caseId, followed (es)");
      expect((await horizontalOverflow(page)).overflow).toBe(0);
      await tabTo(page, es.Report.Case.Unfollow);
      await page.keyboard.press("Enter");
      await page.getByRole("status").getByText(es.Report.Case.Unfollowed).waitFor();
      await poll(async () => (await followerDoc.get()).exists).toBe(false);
      await poll(() => focusedText(page)).toBe(es.Report.Case.Follow);
      await page.keyboard.press("Enter");
      await page.getByRole("status").getByText(fill(es.Report.Case.NowFollowing, made.caseNumber)).waitFor();
      await expectNoAxeViolations(page, "/reports/:caseId, just followed (es)");
      await page.reload();
      await page.getByRole("status").getByText(fill(es.Report.Case.Following, made.caseNumber)).waitFor();
      await page.getByRole("button", { name: es.Report.Case.Unfollow }).waitFor();
      expect((await followerDoc.get()).exists).toBe(true);
    } finally {
      await followerDoc.delete();
      await crm.destroy("Case", made.id);
      await crm.destroy("Contact", neighbour);
    }
  });
  it("a signed-out visitor opens the case by its link, presses Follow by keyboard, signs in on /login and is back on the case, following it; 390 px, axe clean", async () => {
    const { page, url } = browser;
    const follower = seededUser("resident2");
    const crm = stackCrm();
    const neighbour = await crm.create("Contact", { FirstName: "Test", LastName: "follow-signed-out" });
    const made = await openCase(neighbour, "Streetlight Repair: 70 Grove Ave", "Streetlight Repair");
    await crm.update("Case", made.id, { Report_Address__c: "70 Grove Ave" });
    const { db } = testAdmin();
    const followerDoc = db.collection("reportFollowers").doc(`${made.id}_${follower.uid}`);
    const casePath = `/reports/${made.id}`;
    const pathname = () => new URL(page.url()).pathname;
    try {
      // She signs in below in English, whatever an earlier journey left on her account.
      const users = await db.collection("users").where("Email", "==", follower.email).get();
      for (const user of users.docs) await user.ref.update({ Language: "en", isLanguageOverwrittenByDropdown: false });

      // Signed out (a fresh browser, no sign-in): the case's public facts, and a Follow that asks her to sign in.
      await page.goto(url(casePath));
      await page.getByRole("heading", { level: 1, name: fill(en.Report.CaseNumber, made.caseNumber) }).waitFor();
      const facts = page.locator(".report-case__facts");
      await facts.getByText(en.Report.Types.streetlight, { exact: true }).waitFor();
      await facts.getByText("70 Grove Ave", { exact: true }).waitFor();
      await page.getByRole("status").getByText(en.Report.Case.SignInToFollow).waitFor();
      expect(await page.locator(".user-menu__button").count()).toBe(0);
      expect(await page.getByRole("link", { name: en.Report.Case.ToMessages }).count()).toBe(0);
      await expectNoAxeViolations(page, "/reports/:caseId, signed out (en)");
      expect((await horizontalOverflow(page)).overflow).toBe(0);

      // Follow, by keyboard: to /login, which has not followed anything yet.
      await tabTo(page, en.Report.Case.Follow);
      await page.keyboard.press("Enter");
      await poll(pathname).toBe("/login");
      expect((await followerDoc.get()).exists).toBe(false);

      // Signed in on /login: back on the same case page, which follows the case for her.
      await fillLoginForm(page, follower.email);
      await poll(pathname).toBe(casePath);
      await page.getByRole("status").getByText(fill(en.Report.Case.NowFollowing, made.caseNumber)).waitFor();
      await page.getByRole("button", { name: en.Report.Case.Unfollow }).waitFor();
      await poll(async () => (await followerDoc.get()).exists).toBe(true);
      await expectNoAxeViolations(page, "/reports/:caseId, followed after signing in (en)");
      expect((await horizontalOverflow(page)).overflow).toBe(0);

      // A reload says she follows it.
      await page.reload();
      await page.getByRole("status").getByText(fill(en.Report.Case.Following, made.caseNumber)).waitFor();
      await page.getByRole("button", { name: en.Report.Case.Unfollow }).waitFor();
    } finally {
      await followerDoc.delete();
      await crm.destroy("Case", made.id);
      await crm.destroy("Contact", neighbour);
    }
  });
});
