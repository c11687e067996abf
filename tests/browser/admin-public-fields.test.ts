import { afterAll, describe, expect, it } from "vitest";
import { city } from "../../emulators/src/seed/city.ts";
import { seededUser } from "../../emulators/src/seed/fixtures.ts";
import { SEEDED_PUBLIC_FIELDS } from "../../emulators/src/seed/seed-portal.ts";
import en from "../../web/src/locales/en.json" with { type: "json" };
import es from "../../web/src/locales/es.json" with { type: "json" };
import { testAdmin } from "../kit/admin.ts";
import { expectNoAxeViolations, useBrowser } from "../kit/browser.ts";
import { logInThroughForm } from "../kit/log-in.ts";

const P = en.PublicFieldsAdmin;

/** The seeded Case fields come back, as every later journey expects them. */
afterAll(async () => {
  await testAdmin()
    .db.collection("publicFields")
    .doc("Case")
    .set({ objectName: "Case", fields: SEEDED_PUBLIC_FIELDS.Case });
});

describe("public fields administration in the browser", () => {
  const browser = useBrowser();

  it("an admin configures public fields that the case detail then honours", { timeout: 180_000 }, async () => {
    const { page, url, context } = browser;
    await logInThroughForm(page, url, seededUser("admin").email);
    await page.goto(url("/saleforce_public_fields"));
    const object = page.getByLabel(P.Object);
    await object.waitFor({ timeout: 60_000 });
    await expect.poll(() => object.locator("option").count()).toBe(6);
    await expectNoAxeViolations(page, "/saleforce_public_fields (en)");
    await object.selectOption("Case");
    const current = page.getByRole("region", { name: P.Current.replace("{{object}}", "Case") });
    await current.getByText("Subject").first().waitFor({ timeout: 30_000 });

    await page.getByRole("button", { name: P.PickFields }).click();
    const dialog = page.getByRole("dialog");
    // Fields come from the CRM's describe, labelled with label and API name.
    const origin = dialog.getByRole("checkbox", { name: /\(Origin\)$/ });
    const description = dialog.getByRole("checkbox", { name: /\(Description\)$/ });
    const type = dialog.getByRole("checkbox", { name: /\(Type\)$/ });
    await origin.waitFor();
    expect(await description.isChecked()).toBe(true);
    await description.uncheck();
    await type.uncheck();
    await origin.check();
    await dialog.getByLabel(P.Filter).fill("orig");
    await expect.poll(() => dialog.getByRole("checkbox").count()).toBe(1);
    await expectNoAxeViolations(page, "public fields modal (en)");
    await dialog.getByRole("button", { name: P.Save }).click();
    await page.getByRole("status").filter({ hasText: en["success-update"] }).waitFor();
    await current.locator("code", { hasText: "Origin" }).waitFor();
    expect((await current.locator("code").allTextContents()).sort()).toEqual(["Origin", "Subject"]);
    const stored = await testAdmin().db.collection("publicFields").doc("Case").get();
    expect([...stored.get("fields")].sort()).toEqual(["Origin", "Subject"]);

    await page.locator(".user-menu__button").click();
    await page.getByRole("combobox", { name: en.Language.Label }).first().selectOption("es");
    await expect.poll(() => page.locator("html").getAttribute("lang")).toBe("es");
    await page.getByLabel(es.PublicFieldsAdmin.Object).waitFor();
    await expectNoAxeViolations(page, "/saleforce_public_fields (es)");

    // The resident's case now shows Subject and Origin, and no longer Description or Type.
    const residentContext = await context.browser()?.newContext({ viewport: { width: 1280, height: 900 } });
    if (!residentContext) throw new Error("no browser");
    const resident = await residentContext.newPage();
    await residentContext.addInitScript(() => {
      sessionStorage.setItem("systemAlertsRead", JSON.stringify(["alert-water-main", "alert-leaf-collection"]));
      sessionStorage.setItem("delinquencyPrefsPromptShown", "true");
    });
    await logInThroughForm(resident, url, seededUser("resident").email);
    await resident.goto(url(`/activity-view/Case/${city().seededActivities.residentActionRequiredCase}`));
    const details = resident
      .getByRole("region", { name: /./ })
      .filter({ has: resident.locator("#form-details-heading") });
    await details.locator("dt").first().waitFor({ timeout: 30_000 });
    const labels = await details.locator("dt").allTextContents();
    expect(labels).toContain("Subject");
    expect(labels).toHaveLength(2);
    expect(labels.some((label) => /origin/i.test(label))).toBe(true);
    expect(labels.some((label) => /description/i.test(label))).toBe(false);
    await residentContext.close();
  });
});
