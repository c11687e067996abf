import { afterAll, describe, expect, it } from "vitest";
import { seededUser } from "../../emulators/src/seed/fixtures.ts";
import en from "../../web/src/locales/en.json" with { type: "json" };
import es from "../../web/src/locales/es.json" with { type: "json" };
import { testAdmin } from "../kit/admin.ts";
import { expectNoAxeViolations, useBrowser } from "../kit/browser.ts";
import { switchLanguage } from "../kit/language.ts";
import { logInThroughForm } from "../kit/log-in.ts";
import { secondPersonContext } from "../kit/second-context.ts";

const title = `Snow emergency ${Date.now()}`;
const spanishTitle = `Emergencia de nieve ${Date.now()}`;

/** The alert goes whatever happens: an active alert would open over every later journey. */
afterAll(async () => {
  const { db } = testAdmin();
  const left = await db.collection("systemAlerts").where("titleEnglish", "==", title).get();
  for (const doc of left.docs) await doc.ref.delete();
});

describe("system alerts administration in the browser", () => {
  const browser = useBrowser();

  it("an admin adds an alert that a resident then sees in Spanish, and deletes it", { timeout: 180_000 }, async () => {
    const { page, url, context } = browser;

    // The resident is signed in and reading in Spanish before the alert exists.
    const residentContext = await secondPersonContext(context);
    const resident = await residentContext.newPage();
    await logInThroughForm(resident, url, seededUser("resident").email);
    await switchLanguage(resident, "es");

    await logInThroughForm(page, url, seededUser("admin").email);
    await page.goto(url("/system_alerts"));
    // The seeded alerts are listed with both languages and their state.
    const seededRow = page.getByRole("row").filter({ hasText: "Water main work on Chicago Street" });
    await seededRow.waitFor({ timeout: 60_000 });
    expect(await seededRow.textContent()).toContain("Obras de la red de agua en Chicago Street");
    expect(await seededRow.textContent()).toContain(en.SystemAlertsAdmin.Active);
    await expectNoAxeViolations(page, "/system_alerts (en)");

    await page.getByRole("button", { name: en.SystemAlertsAdmin.Add }).click();
    const dialog = page.getByRole("dialog", { name: en.SystemAlertsAdmin.AddTitle });
    const save = dialog.getByRole("button", { name: en.SystemAlertsAdmin.Save });
    expect(await save.isDisabled()).toBe(true);
    await dialog.getByLabel(en.SystemAlertsAdmin.Field.titleEnglish).fill(title);
    await dialog.getByLabel(en.SystemAlertsAdmin.Field.titleSpanish).fill(spanishTitle);
    await dialog
      .getByLabel(en.SystemAlertsAdmin.Field.textEnglish)
      .fill("<p>Move cars off <strong>snow routes</strong>.</p>");
    // A title of spaces is blank: Save stays disabled.
    await dialog.getByLabel(en.SystemAlertsAdmin.Field.textSpanish).fill("   ");
    expect(await save.isDisabled()).toBe(true);
    await dialog
      .getByLabel(en.SystemAlertsAdmin.Field.textSpanish)
      .fill('<p>Retire los autos de las <strong>rutas de nieve</strong>.</p><img src=x onerror="alert(1)">');
    await expectNoAxeViolations(page, "/system_alerts add modal (en)");
    await save.click();
    await page.getByRole("status").filter({ hasText: en["success-add"] }).waitFor();
    const row = page.getByRole("row").filter({ hasText: title });
    await row.waitFor();
    expect(await row.getByText(en.SystemAlertsAdmin.Active, { exact: true }).count()).toBe(1);
    // Sanitized on save: the image and its handler are gone.
    const stored = await testAdmin().db.collection("systemAlerts").where("titleEnglish", "==", title).get();
    expect(stored.docs[0]?.get("textSpanish")).toBe("<p>Retire los autos de las <strong>rutas de nieve</strong>.</p>");

    // The admin is a visitor too: the new alert opens over the page; dismiss it.
    const ownAlert = page.getByRole("dialog", { name: title });
    await ownAlert.waitFor();
    await ownAlert.getByRole("button", { name: en.SystemAlert.Dismiss }).click();
    await switchLanguage(page, "es");
    await page.getByRole("button", { name: es.SystemAlertsAdmin.Add }).waitFor();
    await expectNoAxeViolations(page, "/system_alerts (es)");

    // A new visit of the resident (a new tab) shows the alert in Spanish, its HTML sanitized.
    const residentTab = await residentContext.newPage();
    await residentTab.goto(url("/dashboard"));
    const seen = residentTab.getByRole("dialog", { name: spanishTitle });
    await seen.waitFor({ timeout: 20_000 });
    expect(await seen.locator("strong").textContent()).toBe("rutas de nieve");
    expect(await seen.locator("img").count()).toBe(0);
    await expectNoAxeViolations(residentTab, "/dashboard with the new alert (es)");
    await residentContext.close();

    // Delete asks first, then the row goes.
    await switchLanguage(page, "en");
    await row.getByRole("button", { name: new RegExp(en.SystemAlertsAdmin.Delete) }).click();
    const confirm = page.getByRole("dialog", { name: en.SystemAlertsAdmin.DeleteTitle });
    await confirm.getByRole("button", { name: en.SystemAlertsAdmin.Delete, exact: true }).click();
    await page.getByRole("status").filter({ hasText: en["success-remove"] }).waitFor();
    await expect.poll(() => row.count()).toBe(0);
    expect((await testAdmin().db.collection("systemAlerts").where("titleEnglish", "==", title).get()).size).toBe(0);
  });
});
