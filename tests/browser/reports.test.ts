import type { Page } from "playwright-core";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { sandboxControl } from "../../emulators/src/sandboxes/kit.ts";
import { seededUser } from "../../emulators/src/seed/fixtures.ts";
import { gisAddresses } from "../../emulators/src/seed/gis.ts";
import { soql } from "../../functions/src/connectors/crm/soql.ts";
import { PHONE_EXIF_WITH_LOCATION } from "../../functions/src/platform/__tests__/phone-exif.ts";
import en from "../../web/src/locales/en.json" with { type: "json" };
import es from "../../web/src/locales/es.json" with { type: "json" };
import { testAdmin } from "../kit/admin.ts";
import { expectNoAxeViolations, useBrowser } from "../kit/browser.ts";
import { stackCrm } from "../kit/identity.ts";
import { storeLanguage } from "../kit/language.ts";
import { logInThroughForm } from "../kit/log-in.ts";
import { casesOfReport, runReportsJob, storedObject } from "../kit/reports.ts";
import { stackInfo } from "../kit/stack-info.ts";

/** Issue 15's report journeys: typed address, photos without EXIF, keyboard map, CRM outage, en/es. */

const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 20_000 });
const house = (() => {
  const found = gisAddresses().find(({ parcel }) => !parcel.UnitName__c && parcel.AddNum__c.length >= 3);
  if (!found) throw new Error("seed: no house");
  return found;
})();
/** EXIF GPS as a phone writes it (degrees, minutes, seconds as rationals) for a decimal position. */
const gpsExif = (lat: number, lng: number) => {
  const dms = (value: number) => {
    const abs = Math.abs(value);
    const degrees = Math.floor(abs);
    const minutes = Math.floor((abs - degrees) * 60);
    const seconds = Math.round(((abs - degrees) * 60 - minutes) * 60 * 10_000);
    return `${degrees}/1 ${minutes}/1 ${seconds}/10000`;
  };
  return {
    IFD0: PHONE_EXIF_WITH_LOCATION.IFD0,
    IFD3: {
      GPSLatitudeRef: lat >= 0 ? "N" : "S",
      GPSLatitude: dms(lat),
      GPSLongitudeRef: lng >= 0 ? "E" : "W",
      GPSLongitude: dms(lng),
    },
  };
};
const caseNumberIn = (text: string) => /(\d{8})/.exec(text)?.[1] ?? "";

/** The typed route that needs no map: type, pick the suggestion by keyboard, confirm. */
async function typeAddress(page: Page) {
  const input = page.getByRole("combobox", { name: en.Map.TypeAddress });
  await input.fill(`${house.parcel.AddNum__c} ${house.parcel.StName__c.slice(0, 4).toLowerCase()}`);
  await page.getByRole("option", { name: house.label }).waitFor();
  await input.press("ArrowDown");
  await input.press("Enter");
  await page.getByRole("button", { name: en.Map.ConfirmAddress }).click();
  await page.getByTestId("chosen-address").getByText(house.label).waitFor();
}

async function next(page: Page, name = en.Report.Next) {
  await page.getByRole("button", { name, exact: true }).click();
}

/** The success dialog's case number, once the report went to the dashboard. */
async function filedCaseNumber(page: Page): Promise<string> {
  await poll(() => new URL(page.url()).pathname).toBe("/dashboard");
  const dialog = page.getByRole("dialog");
  await dialog.getByText(/\d{8}/).waitFor();
  return caseNumberIn((await dialog.textContent()) ?? "");
}

describe("problem reports", () => {
  const browser = useBrowser();

  it("a resident reports a pothole by typing an address, never touching the map, and gets a case number; axe-clean", async () => {
    const { page, url } = browser;
    await logInThroughForm(page, url, seededUser("resident").email, { expectPath: "/dashboard" });
    await page.goto(url("/report?item=Pothole&id=svc-report-pothole"));
    await page.getByRole("heading", { level: 1, name: en.Report.Titles.pothole }).waitFor();
    await page.getByRole("application", { name: en.Map.Label }).waitFor();
    await expectNoAxeViolations(page, "/report pothole, address step with the map (en)");
    // Next without an address: the error summary takes focus and names the field.
    await next(page);
    await poll(() => page.evaluate(() => document.activeElement?.classList.contains("error-summary"))).toBe(true);
    await typeAddress(page);
    await next(page);
    await page.getByRole("heading", { name: /Step 2 of 3/ }).waitFor();
    await page.getByLabel(en.Report.Description).fill("A deep pothole in the eastbound lane.");
    await next(page);
    await page.getByRole("heading", { name: /Step 3 of 3/ }).waitFor();
    await expectNoAxeViolations(page, "/report pothole, photos step (en)");
    await next(page, en.Report.Send);
    const caseNumber = await filedCaseNumber(page);
    expect(caseNumber).toMatch(/^\d{8}$/);
    const [filed] = await stackCrm().query<{ Id: string; Report_Address__c: string; Type: string }>(
      soql`SELECT Id, Report_Address__c, Type FROM Case WHERE CaseNumber = ${caseNumber}`,
    );
    expect(filed).toMatchObject({ Report_Address__c: house.label, Type: "Pothole Repair" });

    await page.goto(url("/report?item=Spaceship&id=x"));
    await page.getByText(en.Report.TypeNotFound).waitFor();
  });

  it("a resident reports graffiti with two photos, choosing the place by keyboard on the map, then the photo's own position; the stored photos carry no EXIF; Spanish is axe-clean", async () => {
    const { page, url } = browser;
    await logInThroughForm(page, url, seededUser("resident").email, { expectPath: "/dashboard" });
    await page.goto(url("/report?item=Graffiti&id=svc-report-graffiti"));
    await storeLanguage(page);
    await page.getByRole("heading", { level: 1, name: es.Report.Titles.graffiti }).waitFor();
    const map = page.getByRole("application", { name: es.Map.Label });
    await map.waitFor();
    await poll(() => map.getAttribute("data-layers")).toBe("drawn");
    // The GIS address layer (T10): a dot per address in view, drawn with the parcels.
    expect(await map.locator(".map-address").count()).toBeGreaterThan(5);
    // Streets under the parcels: the base map's tiles, loaded from the portal, credited in Spanish.
    await poll(() => map.locator("img.leaflet-tile-loaded").count()).toBeGreaterThan(3);
    expect(await map.locator("img.leaflet-tile-loaded").first().getAttribute("src")).toMatch(
      /^\/api\/maps\/tiles\/\d+\/\d+\/\d+$/,
    );
    await map.getByText(es.Map.Attribution).waitFor();
    await expectNoAxeViolations(page, "/report graffiti, address step with the map (es)");
    // Keyboard only: pan away and back, zoom in and out, Enter puts the pin at the centre.
    await map.focus();
    for (const key of ["ArrowRight", "ArrowLeft", "+", "-"]) await page.keyboard.press(key);
    await page.keyboard.press("Enter");
    await page
      .getByTestId("chosen-address")
      .getByText(/, Elgin, Illinois, \d{5}$/)
      .waitFor();
    await next(page, es.Report.Next);
    await page.getByRole("radio", { name: es.Report.Options.offensive.NO, exact: true }).check();
    await page.getByLabel(es.Report.Fields.graffitiLocation).selectOption("UTILITY_BOX");
    await expectNoAxeViolations(page, "/report graffiti, details step (es)");
    await next(page, es.Report.Next);
    await page.getByLabel(es.Report.Description).fill("Pintadas en la caja de servicios.");
    await next(page, es.Report.Next);
    const photo = (width: number) =>
      sharp({ create: { width, height: 900, channels: 3, background: "#a52" } })
        .jpeg()
        // Taken at the house, not where the pin was dropped.
        .withExif(gpsExif(house.parcel.Latitude__c, house.parcel.Longitude__c))
        .toBuffer();
    await page.getByLabel(es.Report.Photos).setInputFiles([
      { name: "wall.jpg", mimeType: "image/jpeg", buffer: await photo(2600) },
      { name: "close.jpg", mimeType: "image/jpeg", buffer: await photo(1200) },
    ]);
    await page.getByRole("button", { name: es.Report.RemovePhoto.replace("{{name}}", "close.jpg") }).waitFor();
    // The photo's own position, read before the server strips it, is offered as the location.
    await page.getByText(es.Report.PhotoHasPlace).waitFor();
    await expectNoAxeViolations(page, "/report graffiti, photos step (es)");
    await page.getByRole("button", { name: es.Report.UsePhotoPlace }).click();
    await page.getByTestId("report-address-summary").getByText(house.label).waitFor();
    expect(await page.getByText(es.Report.PhotoHasPlace).count()).toBe(0);
    await next(page, es.Report.Send);
    const caseNumber = await filedCaseNumber(page);
    const [filed] = await stackCrm().query<{
      Id: string;
      Report_Photos__c: string;
      Type: string;
      Report_Address__c: string;
    }>(soql`SELECT Id, Report_Photos__c, Type, Report_Address__c FROM Case WHERE CaseNumber = ${caseNumber}`);
    expect(filed).toMatchObject({ Type: "Graffiti Removal", Report_Address__c: house.label });
    const names = String(filed?.Report_Photos__c).split(";");
    expect(names).toHaveLength(2);
    for (const name of names) {
      const metadata = await sharp(await storedObject(name)).metadata();
      expect(metadata.exif, name).toBeUndefined();
      expect(Math.max(metadata.width ?? 0, metadata.height ?? 0)).toBeLessThanOrEqual(2048);
    }
  });

  it("a report sent while the CRM is down is received, and filed exactly once with a case number in the resident's messages after it recovers", async () => {
    const { page, url } = browser;
    const resident = seededUser("resident");
    const crm = sandboxControl(stackInfo().sandboxes.crm as string);
    await logInThroughForm(page, url, resident.email, { expectPath: "/dashboard" });
    await page.goto(url("/report?item=Pothole&id=svc-report-pothole"));
    await typeAddress(page);
    await next(page);
    await page.getByLabel(en.Report.Description).fill("Pothole reported during the outage.");
    await next(page);
    await crm.setFaults({ down: true });
    try {
      await next(page, en.Report.Send);
      await poll(() => new URL(page.url()).pathname).toBe("/dashboard");
      await page.getByRole("dialog").getByText(en.Report.Received).waitFor();
    } finally {
      await crm.setFaults({ down: false });
    }
    const { db } = testAdmin();
    const waiting = await db
      .collection("outbox")
      .where("kind", "==", "report")
      .where("uid", "==", resident.uid)
      .where("status", "==", "pending")
      .get();
    const entry = waiting.docs.find((doc) => doc.data().report?.description === "Pothole reported during the outage.");
    const reportId = String(entry?.data().reportId);
    expect(await casesOfReport(reportId)).toHaveLength(0);

    await runReportsJob();
    await runReportsJob();
    const cases = await casesOfReport(reportId);
    expect(cases).toHaveLength(1);
    const caseNumber = String(cases[0]?.CaseNumber);
    await page.goto(url("/messages"));
    await page.getByText(`Your report is case ${caseNumber}`).first().waitFor();
    await db.collection("notifications").doc(`case-number-${reportId}-inApp`).delete();
  });

  it("/feedback asks for a description and a 1 to 5 rating, and files app feedback", async () => {
    const { page, url } = browser;
    await logInThroughForm(page, url, seededUser("resident").email, { expectPath: "/dashboard" });
    await page.goto(url("/feedback"));
    await page.getByRole("heading", { level: 1, name: en.Report.Titles.appFeedback }).waitFor();
    await page.getByLabel(en.Report.Description).fill("The new report pages are easy to use.");
    await next(page);
    // The photo step (spec 3 §5: only dead animal takes no images); photos stay optional.
    await page.getByLabel(en.Report.Photos).waitFor();
    await next(page);
    await next(page, en.Report.Send);
    await page.getByRole("link", { name: en.Report.Rating }).waitFor();
    await page.getByRole("radio", { name: en.Report.RatingOptions["5"] }).check();
    await expectNoAxeViolations(page, "/feedback rating step (en)");
    await next(page, en.Report.Send);
    const caseNumber = await filedCaseNumber(page);
    const [filed] = await stackCrm().query<{ Id: string; Type: string; Rating__c: number }>(
      soql`SELECT Id, Type, Rating__c FROM Case WHERE CaseNumber = ${caseNumber}`,
    );
    expect(filed).toMatchObject({ Type: "App Feedback", Rating__c: 5 });
  });
});
