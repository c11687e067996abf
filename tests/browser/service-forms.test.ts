import type { Page } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import { SEEDED_FORM_PROCESSES } from "../../emulators/src/seed/activities.ts";
import { seededUser } from "../../emulators/src/seed/fixtures.ts";
import { gisAddresses } from "../../emulators/src/seed/gis.ts";
import en from "../../web/src/locales/en.json" with { type: "json" };
import es from "../../web/src/locales/es.json" with { type: "json" };
import { expectNoAxeViolations, useBrowser } from "../kit/browser.ts";
import { stackCrm } from "../kit/identity.ts";
import { storeLanguage } from "../kit/language.ts";
import { logInThroughForm } from "../kit/log-in.ts";

/** Issue 15: permit selection, the zoning inquiry and the business application questionnaire. */

const resident = seededUser("resident2");
const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 20_000 });
const pathOf = (page: Page) => new URL(page.url()).pathname;
const searchOf = (page: Page) => new URL(page.url()).searchParams;
/** A seeded house with no unit, so its number and street find it alone. */
const house = (() => {
  const found = gisAddresses().find(({ parcel }) => !parcel.UnitName__c);
  if (!found) throw new Error("seed: no house");
  return found;
})();
const created: string[] = [];

afterAll(async () => {
  for (const id of created) await stackCrm().destroy("Zoning_Inquiry__c", id);
});

async function choosePropertyType(page: Page, label: string) {
  await page.getByRole("group", { name: en.PermitSelection.PropertyType }).getByLabel(label, { exact: true }).check();
}

describe("permit selection", () => {
  const browser = useBrowser();

  it("asks for the work, then opens the Quick Permit form with the catalogue's process, payment code and the applicant", async () => {
    const { page, url } = browser;
    await logInThroughForm(page, url, resident.email, { expectPath: "/dashboard" });
    await page.goto(url("/activities/other_permit"));
    await page.getByRole("heading", { level: 1, name: en.Pages.OtherPermit }).waitFor();
    expect(await page.getByRole("link", { name: en.PermitSelection.BackToDashboard }).getAttribute("href")).toBe(
      "/dashboard",
    );
    await expectNoAxeViolations(page, "/activities/other_permit (en)");

    // Next with nothing chosen: the error summary takes the focus.
    await page.getByRole("button", { name: en.PermitSelection.Next }).click();
    const summary = page.getByRole("alert").filter({ hasText: en.Util.FormContainsErrors });
    await summary.waitFor();
    await poll(() => summary.evaluate((node) => node === document.activeElement)).toBe(true);

    await choosePropertyType(page, en.PermitSelection.PropertyTypes.SingleFamilyHomeOwner);
    const work = page.getByRole("group", { name: en.PermitSelection.Permits });
    await work.getByLabel(en.PermitSelection.Options.PuttingUpFence).check();
    await work.getByLabel(en.PermitSelection.Options.RepairReplaceRoof).check();
    await expectNoAxeViolations(page, "/activities/other_permit with the work listed (en)");
    await page.getByRole("button", { name: en.PermitSelection.Next }).click();

    await poll(() => pathOf(page)).toBe("/laserfiche/form");
    const query = searchOf(page);
    expect(query.get("formTitle")).toBe("Quick Permit");
    expect(query.get("bpid")).toBe(SEEDED_FORM_PROCESSES.quickPermit);
    expect(query.get("paymentCode")).toBe("QPERMIT");
    expect(JSON.parse(query.get("params") ?? "{}")).toMatchObject({
      firstName: resident.firstName,
      email: resident.email,
      propertyType: "SingleFamilyHomeOwner",
      permits: "PuttingUpFence, RepairReplaceRoof",
    });
    await page.getByRole("heading", { level: 1, name: "Quick Permit" }).waitFor();
    // The hosted form opens prefilled with the permits chosen.
    const frame = page.frameLocator("iframe.embedded-form__frame");
    await poll(() => frame.getByLabel("Permits applied for", { exact: false }).inputValue()).toBe(
      "PuttingUpFence, RepairReplaceRoof",
    );
  });

  it("sends a new commercial property to the zoning inquiry, whose back link returns to permit selection; Spanish passes axe", async () => {
    const { page, url } = browser;
    await logInThroughForm(page, url, resident.email, { expectPath: "/dashboard" });
    await page.goto(url("/activities/other_permit"));
    await choosePropertyType(page, en.PermitSelection.PropertyTypes.NewCommercialIndustrial);
    await page.getByText(en.PermitSelection.ZoningFirst).waitFor();
    expect(await page.getByRole("group", { name: en.PermitSelection.Permits }).count()).toBe(0);
    await page.getByRole("button", { name: en.PermitSelection.Next }).click();
    await poll(() => pathOf(page)).toBe("/activities/zoning_inquiry");
    expect(searchOf(page).get("activityId")).toBe("ZONING_INQUIRY");
    await page.getByRole("heading", { level: 1, name: en.Pages.ZoningInquiry }).waitFor();
    await page.getByRole("link", { name: en.Zoning.BackToPermits }).click();
    await poll(() => pathOf(page)).toBe("/activities/other_permit");

    await storeLanguage(page);
    await page.getByRole("heading", { level: 1, name: es.Pages.OtherPermit }).waitFor();
    await page
      .getByRole("group", { name: es.PermitSelection.PropertyType })
      .getByLabel(es.PermitSelection.PropertyTypes.MultiFamily, { exact: true })
      .check();
    await page.getByRole("group", { name: es.PermitSelection.Permits }).waitFor();
    await expectNoAxeViolations(page, "/activities/other_permit (es)");
  });
});

/** Types the house's address, picks the suggestion and confirms it: the route that needs no map. */
async function chooseAddress(page: Page, texts: typeof en) {
  const typed = `${house.parcel.AddNum__c} ${house.parcel.StName__c.slice(0, 4).toLowerCase()}`;
  await page.getByRole("combobox", { name: texts.Map.TypeAddress }).fill(typed);
  await page.getByRole("option", { name: house.label }).click();
  await page.getByRole("button", { name: texts.Map.ConfirmAddress }).click();
  await page.getByTestId("chosen-address").getByText(house.label).waitFor();
}

describe("zoning inquiry", () => {
  const browser = useBrowser();

  it("checks the form, then files the exact §3 payload in the CRM and goes to the dashboard", async () => {
    const { page, url } = browser;
    await logInThroughForm(page, url, resident.email, { expectPath: "/dashboard" });
    await page.goto(url("/activities/zoning_inquiry?activityId=ZONING_INQUIRY"));
    await page.getByRole("heading", { level: 1, name: en.Pages.ZoningInquiry }).waitFor();
    // Opened directly, the back link goes to the dashboard.
    await page.getByRole("link", { name: en.Zoning.BackToDashboard }).waitFor();
    await expectNoAxeViolations(page, "/activities/zoning_inquiry (en)");

    // Nothing filled: 'please review form for errors', focused, with each missing field linked.
    await page.getByRole("button", { name: en.Zoning.Submit }).click();
    const summary = page.getByRole("alert").filter({ hasText: en.Zoning.ReviewForm });
    await summary.waitFor();
    await poll(() => summary.evaluate((node) => node === document.activeElement)).toBe(true);
    for (const label of [en.Zoning.Address, en.Zoning.BusinessDetails, en.Zoning.Choices]) {
      await summary.getByRole("link", { name: new RegExp(label) }).waitFor();
    }
    await expectNoAxeViolations(page, "/activities/zoning_inquiry with errors (en)");

    await chooseAddress(page, en);
    const details = `Pottery studio with classes ${Date.now()}`;
    await page.getByLabel(en.Zoning.BusinessDetails, { exact: false }).fill(details);
    const choices = page.getByRole("group", { name: en.Zoning.Choices });
    await choices.getByLabel(en.Zoning.Choice.knowSiteRestrictions).check();
    await choices.getByLabel(en.Zoning.Choice.move).check();
    await page.getByRole("group", { name: en.Zoning.HomeBased }).getByLabel(en.Zoning.Yes, { exact: true }).check();
    await page.getByRole("button", { name: en.Zoning.Submit }).click();
    await poll(() => pathOf(page)).toBe("/dashboard");
    await page.getByText(en.Zoning.Submitted).waitFor();

    const rows = await stackCrm().query<Record<string, unknown> & { Id: string }>({
      text: `SELECT Id, Land_Parcel_Master_Address__c, Business_Details__c, Mark_all_that_apply_to_you_inquiry__c, Is_this_a_home_based_business__c, Is_this_a_new_business__c, SFDC_ContactID__c FROM Zoning_Inquiry__c WHERE SFDC_ContactID__c = '${resident.salesforceId}'`,
    });
    const filed = rows.filter((row) => row.Business_Details__c === details);
    created.push(...filed.map((row) => row.Id));
    expect(filed).toHaveLength(1);
    const { Id: _id, attributes: _attributes, ...fields } = filed[0] as Record<string, unknown>;
    expect(fields).toEqual({
      Land_Parcel_Master_Address__c: house.label,
      Business_Details__c: details,
      Mark_all_that_apply_to_you_inquiry__c: "move;know site restrictions",
      Is_this_a_home_based_business__c: "Yes",
      Is_this_a_new_business__c: "No",
      SFDC_ContactID__c: resident.salesforceId,
    });
  });

  it("says 'An error occurred while attempting to submit form' when the submit fails, and passes axe in Spanish", async () => {
    const { page, url } = browser;
    await logInThroughForm(page, url, resident.email, { expectPath: "/dashboard" });
    // WATER_BILL is no zoning service: the API refuses the submit (404), as any failure would be.
    await page.goto(url("/activities/zoning_inquiry?activityId=WATER_BILL"));
    await storeLanguage(page);
    await page.getByRole("heading", { level: 1, name: es.Pages.ZoningInquiry }).waitFor();
    await expectNoAxeViolations(page, "/activities/zoning_inquiry (es)");
    await page.getByRole("button", { name: es.Zoning.Submit }).click();
    await page.getByRole("alert").filter({ hasText: es.Zoning.ReviewForm }).waitFor();
    await expectNoAxeViolations(page, "/activities/zoning_inquiry with errors (es)");

    await chooseAddress(page, es as typeof en);
    await page.getByLabel(es.Zoning.BusinessDetails, { exact: false }).fill("Taller de bicicletas");
    await page.getByRole("group", { name: es.Zoning.Choices }).getByLabel(es.Zoning.Choice.modify).check();
    await page.getByRole("button", { name: es.Zoning.Submit }).click();
    await page.getByRole("alert").filter({ hasText: es.Zoning.SubmitError }).waitFor();
    expect(pathOf(page)).toBe("/activities/zoning_inquiry");
    await expectNoAxeViolations(page, "/activities/zoning_inquiry after a failed submit (es)");
  });
});

describe("business application", () => {
  const browser = useBrowser();

  async function answer(
    page: Page,
    kind: "OPEN" | "CHANGE",
    zoningConfirmed: "Yes" | "No",
    construction: "Yes" | "No",
  ) {
    await page.goto(browser.url("/activities/business_application"));
    await page.getByRole("heading", { level: 1, name: en.Pages.BusinessApplication }).waitFor();
    const group = (name: string) => page.getByRole("group", { name });
    await group(en.BusinessApplication.Kind).getByLabel(en.BusinessApplication.Kinds[kind], { exact: true }).check();
    await group(en.BusinessApplication.ZoningConfirmed).getByLabel(en.Zoning[zoningConfirmed], { exact: true }).check();
    await group(en.BusinessApplication.Construction).getByLabel(en.Zoning[construction], { exact: true }).check();
    await page.getByRole("button", { name: en.BusinessApplication.Next }).click();
  }

  it("leads OPEN and CHANGE to their forms, no zoning confirmation to the zoning inquiry, building work to permit selection", async () => {
    const { page, url } = browser;
    await logInThroughForm(page, url, resident.email, { expectPath: "/dashboard" });
    await page.goto(url("/activities/business_application"));
    await page.getByRole("heading", { level: 1, name: en.Pages.BusinessApplication }).waitFor();
    await expectNoAxeViolations(page, "/activities/business_application (en)");
    await page.getByRole("button", { name: en.BusinessApplication.Next }).click();
    const summary = page.getByRole("alert").filter({ hasText: en.Util.FormContainsErrors });
    await summary.waitFor();
    await poll(() => summary.evaluate((node) => node === document.activeElement)).toBe(true);
    expect(await summary.getByRole("link").count()).toBe(3);
    await expectNoAxeViolations(page, "/activities/business_application with errors (en)");

    await answer(page, "OPEN", "Yes", "No");
    await poll(() => pathOf(page)).toBe("/laserfiche/form");
    expect(searchOf(page).get("bpid")).toBe(SEEDED_FORM_PROCESSES.businessOpen);
    expect(searchOf(page).get("paymentCode")).toBe("BUSREG");
    await page.getByRole("heading", { level: 1, name: "Business Registration" }).waitFor();

    await answer(page, "CHANGE", "Yes", "No");
    await poll(() => pathOf(page)).toBe("/laserfiche/form");
    expect(searchOf(page).get("bpid")).toBe(SEEDED_FORM_PROCESSES.businessChange);
    await page.getByRole("heading", { level: 1, name: "Business Change Notice" }).waitFor();

    await answer(page, "OPEN", "No", "Yes");
    await poll(() => pathOf(page)).toBe("/activities/zoning_inquiry");
    expect(searchOf(page).get("activityId")).toBe("ZONING_INQUIRY");
    await page.getByRole("link", { name: en.BusinessApplication.BackToQuestions }).click();
    await poll(() => pathOf(page)).toBe("/activities/business_application");

    await answer(page, "CHANGE", "Yes", "Yes");
    await poll(() => pathOf(page)).toBe("/activities/other_permit");
    await page.getByRole("heading", { level: 1, name: en.Pages.OtherPermit }).waitFor();
  });

  it("passes axe in Spanish", async () => {
    const { page, url } = browser;
    await logInThroughForm(page, url, resident.email, { expectPath: "/dashboard" });
    await page.goto(url("/activities/business_application"));
    await storeLanguage(page);
    await page.getByRole("heading", { level: 1, name: es.Pages.BusinessApplication }).waitFor();
    await page.getByRole("button", { name: es.BusinessApplication.Next }).click();
    await page.getByRole("alert").filter({ hasText: es.Util.FormContainsErrors }).waitFor();
    await expectNoAxeViolations(page, "/activities/business_application with errors (es)");
  });
});
