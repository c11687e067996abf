import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { seededUser } from "../../emulators/src/seed/fixtures.ts";
import { cityAssets, gisAddresses } from "../../emulators/src/seed/gis.ts";
import { ASSET_NEAREST_MAX, ASSET_NEAREST_RADIUS_METERS, distanceMeters } from "../../functions/src/contract/maps.ts";
import en from "../../web/src/locales/en.json" with { type: "json" };
import es from "../../web/src/locales/es.json" with { type: "json" };
import { expectNoAxeViolations, useBrowser } from "../kit/browser.ts";
import { storeLanguage } from "../kit/language.ts";
import { logInThroughForm } from "../kit/log-in.ts";
import { englishOnSpanishPage, horizontalOverflow, rawKeys, shownTexts } from "../kit/page-checks.ts";
import { sendReportAndReadCase, typeAddress } from "../kit/reports.ts";

/**
 * Issue 33, "the exact asset" on the map: reporting a damaged hydrant or a sign, the resident taps
 * it among the city's assets drawn on the street map (GET /api/maps/assets); the list beside it
 * follows, and the case carries the tag. English and Spanish, 390 px wide, axe-clean.
 */

const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 20_000 });
type Texts = typeof en;
type Kind = "hydrant" | "sign";
const LAYER_TYPE = { hydrant: "HYDRANT", sign: "SIGN" } as const;
const PROBLEM = { hydrant: "DAMAGED_FIRE_HYDRANT", sign: "STOP_SIGN" } as const;

/**
 * A seeded house (not 138 Highland Ave, which other report tests use) with at least two assets of the
 * kind within 150 m, and those assets nearest first, as the map and the list must show them.
 */
function houseWith(kind: Kind, skip: number) {
  const found = gisAddresses().flatMap((house) => {
    const at = { lat: house.parcel.Latitude__c, lng: house.parcel.Longitude__c };
    const near = cityAssets()
      .filter((asset) => asset.type === LAYER_TYPE[kind])
      .map((asset) => ({
        ...asset,
        distance: Math.round(distanceMeters(at, { lat: asset.point[1], lng: asset.point[0] })),
      }))
      .filter((asset) => asset.distance <= ASSET_NEAREST_RADIUS_METERS)
      .sort((a, b) => a.distance - b.distance || a.id.localeCompare(b.id))
      .slice(0, ASSET_NEAREST_MAX);
    return near.length >= 2 && !house.label.startsWith("138 Highland") ? [{ house, near }] : [];
  });
  const chosen = found[skip];
  if (!chosen) throw new Error(`seed: no house with two ${kind}s near`);
  return chosen;
}

const optionText = (texts: Texts, kind: Kind, asset: { id: string; street: string; distance: number }) =>
  texts.Report.Assets.Option[kind]
    .replace("{{id}}", asset.id)
    .replace("{{street}}", asset.street)
    .replace("{{distance}}", String(asset.distance));

/** The report form up to the asset step: address by the typed route, then the problem. */
async function reachTheMap(page: Page, texts: Texts, kind: Kind, skip: number) {
  const { house, near } = houseWith(kind, skip);
  await page.getByRole("heading", { level: 1, name: texts.Report.Titles.streetUtilities }).waitFor();
  await typeAddress(page, texts, house);
  await page.getByRole("button", { name: texts.Report.Next, exact: true }).click();
  await page.getByRole("combobox", { name: texts.Report.Fields.utilityProblem }).selectOption(PROBLEM[kind]);
  const map = page.getByTestId("asset-map");
  await poll(() => map.getAttribute("data-points")).toBe(String(near.length));
  const list = page.getByRole("group", { name: texts.Report.Assets.Legend[kind] });
  await list.waitFor();
  expect(await list.locator("label").allTextContents()).toEqual([
    ...near.map((asset) => optionText(texts, kind, asset)),
    texts.Report.Assets.NotSure,
  ]);
  await page.getByText(texts.Report.Assets.MapHint[kind]).waitFor();
  return { near, map, list };
}

/** Clicks (a tap on a phone) the asset's marker; the list's radio for it is checked, and the marker is drawn as picked. */
async function tapOnMap(page: Page, texts: Texts, kind: Kind, asset: { id: string; street: string; distance: number }) {
  const marker = page.locator(`.asset-marker[data-asset-id="${asset.id}"]`);
  await marker.click();
  const list = page.getByRole("group", { name: texts.Report.Assets.Legend[kind] });
  await poll(() => list.getByRole("radio", { name: optionText(texts, kind, asset) }).isChecked()).toBe(true);
  await poll(() => marker.getAttribute("class")).toContain("asset-marker--picked");
}

describe("the exact asset, on the map", () => {
  const browser = useBrowser({ viewport: { width: 390, height: 844 } });

  it("a resident taps the damaged hydrant on the map at 390 px; the list follows; the case and its page carry the tag (en, axe)", async () => {
    const { page, url } = browser;
    await logInThroughForm(page, url, seededUser("resident").email, { expectPath: "/dashboard" });
    await page.goto(url("/report?item=Street%20Utilities&id=svc-report-street-utilities"));
    const { near } = await reachTheMap(page, en, "hydrant", 0);
    await expectNoAxeViolations(page, "/report street utilities, hydrants on the map (en)");
    expect((await horizontalOverflow(page)).overflow).toBe(0);
    const second = near[1] as (typeof near)[number];
    await tapOnMap(page, en, "hydrant", second);
    const filed = await sendReportAndReadCase(page, en, "Water is leaking from the hydrant's cap.");
    expect(filed).toMatchObject({ Asset_Id__c: second.id, Type: "Street Utilities" });
    // The resident's case page names the hydrant.
    await page.goto(url(`/activity-view/Case/${filed?.Id}`));
    await page.getByText(`${en.Activity.Asset.hydrant} ${second.id}`).waitFor();
    await expectNoAxeViolations(page, "/activity-view with a hydrant (en)");
  });

  it("in Spanish a resident taps the stop sign on the map; the map's hint and the list are Spanish and axe-clean", async () => {
    const { page, url } = browser;
    await logInThroughForm(page, url, seededUser("resident").email, { expectPath: "/dashboard" });
    await page.goto(url("/report?item=Street%20Utilities&id=svc-report-street-utilities"));
    await storeLanguage(page);
    const { near } = await reachTheMap(page, es, "sign", 0);
    await expectNoAxeViolations(page, "/report street utilities, signs on the map (es)");
    expect((await horizontalOverflow(page)).overflow).toBe(0);
    const texts = await shownTexts(page);
    expect(englishOnSpanishPage(texts)).toEqual([]);
    expect(rawKeys(texts)).toEqual([]);
    const first = near[0] as (typeof near)[number];
    await tapOnMap(page, es, "sign", first);
    const filed = await sendReportAndReadCase(page, es, "La señal de alto está doblada.");
    expect(filed).toMatchObject({ Asset_Id__c: first.id, Type: "Street Utilities" });
    await page.goto(url(`/activity-view/Case/${filed?.Id}`));
    await page.getByText(`${es.Activity.Asset.sign} ${first.id}`).waitFor();
  });
});
