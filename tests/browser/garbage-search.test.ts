import ICAL from "ical.js";
import { describe, expect, it } from "vitest";
import { city } from "../../emulators/src/seed/city.ts";
import en from "../../web/src/locales/en.json" with { type: "json" };
import es from "../../web/src/locales/es.json" with { type: "json" };
import { type BrowserSession, expectNoAxeViolations, useBrowser } from "../kit/browser.ts";
import { stackInfo } from "../kit/stack-info.ts";

/** A seeded house picked up on Thursdays (one dwelling, so number and street name find only it). */
const thursdayHouse = (() => {
  const parcel = city().parcels.find(
    (candidate) => candidate.Refuse_Pickup_Day__c === "Thursday" && !candidate.UnitName__c,
  );
  if (!parcel) throw new Error("seed: no Thursday parcel");
  return parcel;
})();

/** Tuesday of Thanksgiving week 2026, mid-morning in Elgin: the browser's clock, not the machine's. */
const THANKSGIVING_TUESDAY = new Date("2026-11-24T16:00:00Z");

async function searchAddress({ page, url }: BrowserSession, labels: typeof en.Garbage) {
  await page.clock.setFixedTime(THANKSGIVING_TUESDAY);
  await page.goto(url("/garbage-search"));
  await page.getByLabel(labels.StreetNumber).fill(thursdayHouse.AddNum__c);
  await page
    .getByLabel(labels.Street, { exact: false })
    .fill(`${thursdayHouse.StName__c.toLowerCase()} ${thursdayHouse.StType__c}`);
  await page.getByRole("button", { name: labels.Search }).click();
  await page.getByRole("heading", { name: thursdayHouse.Parcel_Address__c }).waitFor({ timeout: 20_000 });
}

describe("garbage pickup in Thanksgiving week 2026", () => {
  const browser = useBrowser();

  it("shows Friday with the holiday's name, and the iCal file imports with the moved day", async () => {
    const { page } = browser;
    await searchAddress(browser, en.Garbage);
    await page.getByText("Friday this week (usually Thursday) because of Thanksgiving Day").waitFor();
    await page.getByText("Next pickup: Friday, November 27").waitFor();
    await page.getByText(en.Garbage.LeafBagSeason).waitFor();
    expect(new URL(page.url()).searchParams.get("streetNumber")).toBe(thursdayHouse.AddNum__c);
    await expectNoAxeViolations(page, "/garbage-search with a result");

    const href = await page
      .getByRole("link", { name: new RegExp(en.Garbage.Subscribe.replace(/[()]/g, "\\$&")) })
      .getAttribute("href");
    expect(href).toContain(`/garbageCalendar/${thursdayHouse.Id}?from=2026-11-24`);
    const response = await fetch(`${stackInfo().portalUrl}${href}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/calendar");
    const calendar = new ICAL.Component(ICAL.parse(await response.text()));
    const events = calendar.getAllSubcomponents("vevent").map((component) => new ICAL.Event(component));
    expect(events).toHaveLength(53);
    const thanksgiving = events.find((event) => event.uid.includes(`${thursdayHouse.Id}-2026-11-26`));
    expect(thanksgiving?.startDate.isDate).toBe(true);
    expect(thanksgiving?.startDate.toString()).toBe("2026-11-27");
    expect(thanksgiving?.summary).toBe("Garbage pickup (moved for Thanksgiving Day)");
    expect(thanksgiving?.description).toContain("usually Thursday");
    const ordinary = events.find((event) => event.uid.includes(`${thursdayHouse.Id}-2026-12-03`));
    expect(ordinary?.startDate.toString()).toBe("2026-12-03");
    expect(ordinary?.summary).toBe("Garbage pickup");
    // RFC 5545: no pickup before the day asked for; stamped when made, never later; a moved pickup is
    // a revision (SEQUENCE 1) of its usual-day event; a pickup day does not show the resident busy.
    expect(events.every((event) => event.startDate.toString() >= "2026-11-24")).toBe(true);
    const made = Date.now();
    for (const event of events) {
      const stamp = event.component.getFirstPropertyValue("dtstamp") as ICAL.Time;
      expect(stamp.toJSDate().getTime()).toBeLessThanOrEqual(made);
      expect(event.component.getFirstPropertyValue("transp")).toBe("TRANSPARENT");
    }
    expect(thanksgiving?.sequence).toBe(1);
    expect(ordinary?.sequence).toBe(0);
    // The same address and year give the same ids (calendar apps update instead of duplicating).
    const again = new ICAL.Component(ICAL.parse(await (await fetch(`${stackInfo().portalUrl}${href}`)).text()));
    expect(again.getAllSubcomponents("vevent").map((component) => new ICAL.Event(component).uid)).toEqual(
      events.map((event) => event.uid),
    );
  });
});

describe("garbage pickup in Spanish", () => {
  const browser = useBrowser({ locale: "es-ES" });

  it("names the day and the holiday in Spanish and passes axe", async () => {
    const { page } = browser;
    await searchAddress(browser, es.Garbage);
    await page.getByText("El viernes de esta semana (normalmente el jueves) por Día de Acción de Gracias").waitFor();
    await expectNoAxeViolations(page, "/garbage-search in Spanish");
  });
});
