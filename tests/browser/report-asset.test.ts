import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { seededUser } from "../../emulators/src/seed/fixtures.ts";
import { cityAssets, gisAddresses } from "../../emulators/src/seed/gis.ts";
import { ASSET_NEAREST_MAX, distanceMeters } from "../../functions/src/contract/maps.ts";
import en from "../../web/src/locales/en.json" with { type: "json" };
import es from "../../web/src/locales/es.json" with { type: "json" };
import { expectNoAxeViolations, useBrowser } from "../kit/browser.ts";
import { storeLanguage } from "../kit/language.ts";
import { logInThroughForm } from "../kit/log-in.ts";
import { englishOnSpanishPage, horizontalOverflow, rawKeys, shownTexts } from "../kit/page-checks.ts";
import { SEEDED_REPORT_PLACE, sendReportAndReadCase, typeAddress } from "../kit/reports.ts";

/**
 * Issue 33, "the exact asset": a resident reporting a streetlight picks the broken pole from the
 * list of the nearest ones, by keyboard, on a phone-wide page, in English and Spanish; the CRM
 * case carries the pole's id.
 */

const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 20_000 });
type Texts = typeof en;

const house = (() => {
  const found = gisAddresses().find(({ label }) => label === SEEDED_REPORT_PLACE.address);
  if (!found) throw new Error("seed: no 138 Highland Ave");
  return found;
})();
/** The seeded streetlights nearest the house, as the list must offer them. */
const nearest = cityAssets()
  .filter((asset) => asset.type === "STREETLIGHT")
  .map((asset) => ({
    ...asset,
    distance: Math.round(
      distanceMeters(
        { lat: house.parcel.Latitude__c, lng: house.parcel.Longitude__c },
        { lat: asset.point[1], lng: asset.point[0] },
      ),
    ),
  }))
  .sort((a, b) => a.distance - b.distance || a.id.localeCompare(b.id))
  .slice(0, ASSET_NEAREST_MAX);

const optionText = (texts: Texts, asset: (typeof nearest)[number]) =>
  texts.Report.Assets.Option.streetlight
    .replace("{{id}}", asset.id)
    .replace("{{street}}", asset.street)
    .replace("{{distance}}", String(asset.distance));

/** From the address to the list: the category answers by keyboard, then Tab into the list. */
async function reachTheList(page: Page, texts: Texts) {
  await page.getByRole("button", { name: texts.Report.Next, exact: true }).click();
  await page
    .getByRole("heading", { name: texts.Report.StepOf.split("{{")[0]?.trim() ?? "" })
    .first()
    .waitFor();
  await page.getByRole("radio", { name: texts.Report.Options.poleType.METAL }).check();
  const problem = page.getByRole("combobox", { name: texts.Report.Fields.streetlightProblem });
  await problem.selectOption("LIGHT_BURNED_OUT");
  const list = page.getByRole("group", { name: texts.Report.Assets.Legend.streetlight });
  await list.waitFor();
  for (const asset of nearest) await list.getByRole("radio", { name: optionText(texts, asset) }).waitFor();
  await list.getByRole("radio", { name: texts.Report.Assets.NotSure }).waitFor();
  // Nearest first: the radios in the list's order.
  const labels = await list.locator("label").allTextContents();
  expect(labels).toEqual([...nearest.map((asset) => optionText(texts, asset)), texts.Report.Assets.NotSure]);
  return list;
}

describe("the exact asset", () => {
  const browser = useBrowser({ viewport: { width: 390, height: 844 } });

  it("a resident picks the broken streetlight by keyboard from the nearest list at 390 px; the case carries its id; axe-clean en", async () => {
    const { page, url } = browser;
    expect(nearest).toHaveLength(ASSET_NEAREST_MAX);
    await logInThroughForm(page, url, seededUser("resident").email, { expectPath: "/dashboard" });
    await page.goto(url("/report?item=Streetlight&id=svc-report-streetlight"));
    await page.getByRole("heading", { level: 1, name: en.Report.Titles.streetlight }).waitFor();
    await typeAddress(page, en, house);
    const list = await reachTheList(page, en);
    await expectNoAxeViolations(page, "/report streetlight, nearest streetlights (en)");
    expect((await horizontalOverflow(page)).overflow).toBe(0);
    // Keyboard only: Tab from the problem's select into the list (its first radio), an arrow to the second.
    await page.getByRole("combobox", { name: en.Report.Fields.streetlightProblem }).focus();
    await page.keyboard.press("Tab");
    const first = list.getByRole("radio", { name: optionText(en, nearest[0] as (typeof nearest)[number]) });
    await poll(() => first.evaluate((radio) => radio === document.activeElement)).toBe(true);
    await page.keyboard.press("ArrowDown");
    const second = list.getByRole("radio", { name: optionText(en, nearest[1] as (typeof nearest)[number]) });
    await poll(() => second.isChecked()).toBe(true);
    const filed = await sendReportAndReadCase(page, en, "The second pole from the corner is dark.");
    expect(filed).toMatchObject({ Asset_Id__c: nearest[1]?.id, Type: "Streetlight Repair" });
  });

  it("in Spanish the list, its hint and 'not sure' are Spanish and axe-clean; 'No sé cuál es' files the case without an asset", async () => {
    const { page, url } = browser;
    await logInThroughForm(page, url, seededUser("resident").email, { expectPath: "/dashboard" });
    await page.goto(url("/report?item=Streetlight&id=svc-report-streetlight"));
    await storeLanguage(page);
    await page.getByRole("heading", { level: 1, name: es.Report.Titles.streetlight }).waitFor();
    await typeAddress(page, es, house);
    const list = await reachTheList(page, es);
    await list.getByText(es.Report.Assets.Hint).waitFor();
    await expectNoAxeViolations(page, "/report streetlight, nearest streetlights (es)");
    expect((await horizontalOverflow(page)).overflow).toBe(0);
    const texts = await shownTexts(page);
    expect(englishOnSpanishPage(texts)).toEqual([]);
    expect(rawKeys(texts)).toEqual([]);
    // Pick one, then change the mind by keyboard: Space on "not sure".
    await list.getByRole("radio", { name: optionText(es, nearest[0] as (typeof nearest)[number]) }).check();
    await list.getByRole("radio", { name: es.Report.Assets.NotSure }).focus();
    await page.keyboard.press("Space");
    await poll(() => list.getByRole("radio", { name: es.Report.Assets.NotSure }).isChecked()).toBe(true);
    const filed = await sendReportAndReadCase(page, es, "La farola está apagada.");
    expect(filed).toMatchObject({ Asset_Id__c: null, Type: "Streetlight Repair" });
  });
});
