import { afterAll, describe, expect, it } from "vitest";
import { city } from "../../emulators/src/seed/city.ts";
import en from "../../web/src/locales/en.json" with { type: "json" };
import es from "../../web/src/locales/es.json" with { type: "json" };
import { testAdmin } from "../kit/admin.ts";
import { expectNoAxeViolations, useBrowser } from "../kit/browser.ts";
import { freshResident } from "../kit/cases.ts";
import { storeLanguage } from "../kit/language.ts";
import { logInThroughForm } from "../kit/log-in.ts";

/** Issue 16: a signed-in resident turns on the evening-before pickup reminder on the garbage page. */

const house = (() => {
  const parcel = city().parcels.find(
    (candidate) => candidate.Refuse_Pickup_Day__c === "Tuesday" && !candidate.UnitName__c,
  );
  if (!parcel) throw new Error("seed: no Tuesday parcel");
  return parcel;
})();
const searchPath = `/garbage-search?${new URLSearchParams({
  streetNumber: house.AddNum__c,
  street: `${house.StName__c} ${house.StType__c}`,
})}`;

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups) await cleanup();
});

describe("garbage pickup reminder on the garbage page", () => {
  const browser = useBrowser();

  it("a resident turns the reminder on and off with the keyboard, in English and Spanish; axe clean", {
    timeout: 180_000,
  }, async () => {
    const { page, url } = browser;
    const resident = await freshResident("garbage-reminder");
    cleanups.push(async () => {
      await resident.remove([]);
      await testAdmin().db.collection("garbageReminders").doc(resident.uid).delete();
    });
    const stored = async () => (await testAdmin().db.collection("garbageReminders").doc(resident.uid).get()).data();

    // Anonymous visitors get the pickup day, not the reminder.
    await page.goto(url(searchPath));
    await page.getByRole("heading", { name: house.Parcel_Address__c }).waitFor({ timeout: 60_000 });
    expect(await page.getByRole("button", { name: new RegExp(en.Garbage.Reminder.TurnOn) }).count()).toBe(0);

    await logInThroughForm(page, url, resident.email, { password: resident.password });
    await page.goto(url(searchPath));
    const turnOn = page.getByRole("button", { name: `${en.Garbage.Reminder.TurnOn} ${house.Parcel_Address__c}` });
    await turnOn.waitFor({ timeout: 30_000 });
    await turnOn.focus();
    await page.keyboard.press("Enter");
    await page.getByRole("status").filter({ hasText: en.Garbage.Reminder.Saved }).waitFor();
    await page
      .getByText(en.Garbage.Reminder.On.replace("{{address}}", house.Parcel_Address__c), { exact: true })
      .waitFor();
    await expect.poll(async () => (await stored())?.parcelId).toBe(house.Id);
    expect((await stored())?.pickupWeekday).toBe("Tuesday");
    await expectNoAxeViolations(page, "/garbage-search with a reminder (en)");

    await storeLanguage(page);
    const turnOff = page.getByRole("button", { name: `${es.Garbage.Reminder.TurnOff} ${house.Parcel_Address__c}` });
    await turnOff.waitFor({ timeout: 30_000 });
    await expectNoAxeViolations(page, "/garbage-search with a reminder (es)");
    await turnOff.focus();
    await page.keyboard.press("Enter");
    await page.getByRole("status").filter({ hasText: es.Garbage.Reminder.Removed }).waitFor();
    await page.getByRole("button", { name: `${es.Garbage.Reminder.TurnOn} ${house.Parcel_Address__c}` }).waitFor();
    await expect.poll(stored).toBeUndefined();
  });
});
