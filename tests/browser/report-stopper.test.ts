import { randomUUID } from "node:crypto";
import type { Page } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import { SEEDED_GAS_STOPPER } from "../../emulators/src/seed/activities.ts";
import { seededUser } from "../../emulators/src/seed/fixtures.ts";
import { SPANISH_SERVICE_NAMES } from "../../emulators/src/seed/service-names-es.ts";
import en from "../../web/src/locales/en.json" with { type: "json" };
import es from "../../web/src/locales/es.json" with { type: "json" };
import { testAdmin } from "../kit/admin.ts";
import { expectNoAxeViolations, useBrowser } from "../kit/browser.ts";
import { storeLanguage } from "../kit/language.ts";
import { logInThroughForm } from "../kit/log-in.ts";
import { englishOnSpanishPage, horizontalOverflow, rawKeys, shownTexts } from "../kit/page-checks.ts";
import { principal } from "../kit/principals.ts";
import { postReport, SEEDED_REPORT_PLACE } from "../kit/reports.ts";

/**
 * Issue 33, stoppers: the seeded gas report shows the gas company's emergency number instead of the
 * report form (English and Spanish, 390 px, axe, keyboard); an admin sets a stopper in both languages
 * in the catalogue's form, and the next report of that type is refused.
 */

const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 20_000 });
type Texts = typeof en;

/** From the picker: Report, then the gas service by its name in the page's language, then Start. */
async function startGasReport(page: Page, url: (path: string) => string, texts: Texts, name: string) {
  await page.goto(url("/activity/start"));
  const action = page.getByLabel(texts.Picker.ActionLabel, { exact: true });
  const item = page.getByLabel(texts.Picker.ItemLabel, { exact: true });
  await action.selectOption({ label: texts.Picker.Actions.REPORT });
  await poll(() => item.locator("option").allTextContents()).toContain(name);
  await item.selectOption({ label: name });
  await page.getByRole("button", { name: texts.Picker.Start }).click();
  await poll(() => new URL(page.url()).searchParams.get("id")).toBe("svc-report-gas");
  await page.getByRole("heading", { level: 1, name: texts.Report.Titles.gasLeak }).waitFor();
}

/** The notice is shown in place of the form: its heading and text, the number as a call link, no form. */
async function expectStopper(page: Page, texts: Texts, notice: string) {
  const region = page.getByRole("region", { name: texts.Report.Stopper.Heading });
  await region.waitFor();
  expect((await region.locator(".report-stopper__text").textContent())?.trim()).toBe(notice);
  expect(await region.getByRole("link", { name: "1-888-642-6748" }).getAttribute("href")).toBe("tel:18886426748");
  expect(await region.getByRole("link", { name: "911", exact: true }).getAttribute("href")).toBe("tel:911");
  await region.getByText(texts.Report.Stopper.NotFiled).waitFor();
  expect(await page.getByRole("button", { name: texts.Report.Next, exact: true }).count()).toBe(0);
  expect(await page.getByRole("button", { name: texts.Report.Send, exact: true }).count()).toBe(0);
  expect(
    await page
      .locator("form")
      .filter({ has: page.getByLabel(texts.Report.Description) })
      .count(),
  ).toBe(0);
  expect((await horizontalOverflow(page)).overflow).toBe(0);
  return region;
}

const createdIds: string[] = [];
afterAll(async () => {
  const { db } = testAdmin();
  await Promise.all(createdIds.map((id) => db.collection("activities").doc(id).delete()));
});

describe("stoppers", () => {
  const browser = useBrowser({ viewport: { width: 390, height: 844 } });

  it("a stopper blocks a gas report and shows the number (en, 390 px, axe, keyboard to the call link)", async () => {
    const { page, url } = browser;
    await logInThroughForm(page, url, seededUser("resident").email, { expectPath: "/dashboard" });
    await startGasReport(page, url, en, "Gas Smell");
    const region = await expectStopper(page, en, SEEDED_GAS_STOPPER.en);
    await expectNoAxeViolations(page, "/report gas smell, stopper (en)");
    // Keyboard: Tab from the page's heading reaches the gas company's number.
    await page.getByRole("heading", { level: 1 }).evaluate((heading) => {
      heading.setAttribute("tabindex", "-1");
      (heading as HTMLElement).focus();
    });
    const phone = region.getByRole("link", { name: "1-888-642-6748" });
    for (let presses = 0; presses < 5; presses += 1) {
      if (await phone.evaluate((link) => link === document.activeElement)) break;
      await page.keyboard.press("Tab");
    }
    expect(await phone.evaluate((link) => link === document.activeElement)).toBe(true);
  });

  it("in Spanish the notice is the admin's Spanish text, with no English and no raw keys, axe-clean", async () => {
    const { page, url } = browser;
    await logInThroughForm(page, url, seededUser("resident").email, { expectPath: "/dashboard" });
    await storeLanguage(page);
    await startGasReport(page, url, es, SPANISH_SERVICE_NAMES["svc-report-gas"] as string);
    await expectStopper(page, es, SEEDED_GAS_STOPPER.es);
    await expectNoAxeViolations(page, "/report gas smell, stopper (es)");
    const texts = await shownTexts(page);
    expect(englishOnSpanishPage(texts)).toEqual([]);
    expect(rawKeys(texts)).toEqual([]);
  });

  it("an admin sets a stopper in both languages in the catalogue form; one language alone is refused; the next report is stopped", {
    timeout: 120_000,
  }, async () => {
    const { page, url } = browser;
    await logInThroughForm(page, url, seededUser("admin").email);
    await page.goto(url("/activities/create?action=REPORT"));
    const form = page.locator("form.admin-form");
    await form.waitFor({ timeout: 60_000 });
    await page.getByLabel(en.ActivityAdmin.Field.item).fill("Weeds");
    await page.getByLabel(en.ActivityAdmin.Field.type).selectOption("CUSTOM_FORM");
    await page.getByLabel(en.ActivityAdmin.Field.description).fill("Report tall weeds on a lot.");
    await page.getByLabel(en.ActivityAdmin.Field.published).check();
    const english = "Tall weeds are the county's this month: call 847-555-0188.";
    const spanish = "Este mes la maleza alta la atiende el condado: llame al 847-555-0188.";
    await page.getByLabel(en.ActivityAdmin.Field.stopperEn).fill(english);
    await form.getByRole("button", { name: en.ActivityAdmin.Create }).click();
    // English alone: the summary names the Spanish notice, and nothing is created.
    const summary = page.getByRole("alert").filter({ hasText: en.Util.FormContainsErrors });
    await poll(() => summary.isVisible()).toBe(true);
    await summary.getByRole("link", { name: en.ActivityAdmin.Field.stopperEs }).waitFor();
    expect(await page.getByLabel(en.ActivityAdmin.Field.stopperEs).getAttribute("aria-invalid")).toBe("true");
    await page.getByLabel(en.ActivityAdmin.Field.stopperEs).fill(spanish);
    await form.getByRole("button", { name: en.ActivityAdmin.Create }).click();
    await poll(() => new URL(page.url()).pathname).toMatch(/^\/activities\/(?!create)[^/]+$/);
    const id = decodeURIComponent(new URL(page.url()).pathname.split("/").pop() as string);
    createdIds.push(id);
    // The edit page shows both texts back, and the store has them.
    expect(await page.getByLabel(en.ActivityAdmin.Field.stopperEn).inputValue()).toBe(english);
    expect(await page.getByLabel(en.ActivityAdmin.Field.stopperEs).inputValue()).toBe(spanish);
    await expectNoAxeViolations(page, "/activities/:id with a stopper");
    const stored = await testAdmin().db.collection("activities").doc(id).get();
    expect(stored.get("Stopper")).toEqual({ en: english, es: spanish });
    // The next weeds report is refused with the notice.
    const refused = await postReport((await principal("resident")).idToken as string, {
      id: randomUUID(),
      type: "weeds",
      activityId: id,
      address: SEEDED_REPORT_PLACE,
      description: "Weeds taller than the fence.",
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ error: { message: english, fields: { "reportData.type": "Stopped" } } });
  });
});
