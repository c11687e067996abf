import { afterAll, describe, expect, it } from "vitest";
import { seededUser } from "../../emulators/src/seed/fixtures.ts";
import en from "../../web/src/locales/en.json" with { type: "json" };
import es from "../../web/src/locales/es.json" with { type: "json" };
import { testAdmin } from "../kit/admin.ts";
import { expectNoAxeViolations, useBrowser } from "../kit/browser.ts";
import { switchLanguage } from "../kit/language.ts";
import { logInThroughForm } from "../kit/log-in.ts";
import { windowAroundNow } from "../kit/maintenance-window.ts";
import { secondPersonContext } from "../kit/second-context.ts";

const M = en.MaintenanceAdmin;
const stamp = Date.now();
const periodText = `Bill pay is paused for an upgrade ${stamp}.`;
const warningText = `Bill pay pauses soon for an upgrade ${stamp}.`;

/** The period goes whatever happens: one in force would turn bill pay off for every later journey. */
afterAll(async () => {
  const { db } = testAdmin();
  for (const doc of (await db.collection("maintenancePeriods").get()).docs) {
    if (doc.get("maintenanceSettings.englishText") === periodText) await doc.ref.delete();
  }
});

describe("bill-pay maintenance settings in the browser", () => {
  const browser = useBrowser();

  it("an admin adds a maintenance window that disables Pay Bill, then deletes it", { timeout: 240_000 }, async () => {
    const { page, url, context } = browser;
    const { start, end } = windowAroundNow();
    // A resident signed in before the period exists.
    const residentContext = await secondPersonContext(context);
    const residentFirstTab = await residentContext.newPage();
    await logInThroughForm(residentFirstTab, url, seededUser("resident").email);
    await residentFirstTab.close();

    await logInThroughForm(page, url, seededUser("admin").email);
    await page.goto(url("/billing_maintenance_settings"));
    const status = page.getByRole("region", { name: M.StatusTitle });
    await expect.poll(() => status.textContent(), { timeout: 60_000 }).toContain(M.Enabled);
    await page.getByRole("button", { name: M.Add }).waitFor();
    await expectNoAxeViolations(page, "/billing_maintenance_settings (en)");

    await page.getByRole("button", { name: M.Add }).click();
    const dialog = page.getByRole("dialog");
    const next = dialog.getByRole("button", { name: M.Next });
    expect(await next.isDisabled()).toBe(true);
    // Step 0, the warning: hh:mm with hour 01-12 and minute 00-59.
    await dialog.getByLabel(M.Field.englishText).fill(warningText);
    await dialog.getByLabel(M.Field.spanishText).fill(`El pago se pausará pronto ${stamp}.`);
    await dialog.getByLabel(M.Field.startTime, { exact: true }).fill("13:00");
    await dialog.getByLabel(M.Field.endTime, { exact: true }).fill(end.time);
    await dialog.getByLabel(M.Field.endMeridiem).selectOption(end.meridiem);
    await dialog.getByLabel(M.Field.englishText).focus();
    await dialog.getByText(M.Error.Time).waitFor();
    expect(await dialog.getByLabel(M.Field.startTime, { exact: true }).getAttribute("aria-invalid")).toBe("true");
    expect(await next.isDisabled()).toBe(true);
    await dialog.getByLabel(M.Field.startTime, { exact: true }).fill(start.time);
    await dialog.getByLabel(M.Field.startMeridiem).selectOption(start.meridiem);
    // Days: a specific day clears 'every day'; the last day stays on; 'every day' goes alone.
    const everyDay = dialog.getByLabel(M.Day.everyDay);
    const monday = dialog.getByLabel(M.Day.monday);
    expect(await everyDay.isChecked()).toBe(true);
    await monday.click();
    expect([await everyDay.isChecked(), await monday.isChecked()]).toEqual([false, true]);
    await monday.click();
    expect(await monday.isChecked()).toBe(true);
    await everyDay.click();
    expect([await everyDay.isChecked(), await monday.isChecked()]).toEqual([true, false]);
    expect(await next.isEnabled()).toBe(true);
    await expectNoAxeViolations(page, "maintenance modal step 0 (en)");
    await next.click();

    // Step 1, the period itself.
    const save = dialog.getByRole("button", { name: M.Save });
    expect(await save.isDisabled()).toBe(true);
    await dialog.getByLabel(M.Field.englishText).fill(periodText);
    await dialog.getByLabel(M.Field.spanishText).fill(`El pago está en pausa por una mejora ${stamp}.`);
    await dialog.getByLabel(M.Field.startTime, { exact: true }).fill(start.time);
    await dialog.getByLabel(M.Field.startMeridiem).selectOption(start.meridiem);
    await dialog.getByLabel(M.Field.endTime, { exact: true }).fill(end.time);
    await dialog.getByLabel(M.Field.endMeridiem).selectOption(end.meridiem);
    expect(await save.isEnabled()).toBe(true);
    await save.click();
    await page.getByRole("status").filter({ hasText: en["add-system-alert"] }).waitFor();
    const row = page.getByRole("row").filter({ hasText: periodText });
    await row.waitFor();
    expect(await row.textContent()).toContain(`${start.time} ${start.meridiem} – ${end.time} ${end.meridiem}`);
    await expect.poll(() => status.textContent()).toContain(M.Disabled);
    // The warning in force opens as an alert for the admin too.
    const ownWarning = page.getByRole("dialog").filter({ hasText: warningText });
    await ownWarning.waitFor();
    await ownWarning.getByRole("button", { name: en.SystemAlert.Dismiss }).click();
    await switchLanguage(page, "es");
    await page.getByRole("button", { name: es.MaintenanceAdmin.Add }).waitFor();
    await expectNoAxeViolations(page, "/billing_maintenance_settings (es)");
    await switchLanguage(page, "en");

    // The resident's next visit (a new tab): the warning alert, then Pay Bill disabled with the period's text.
    const resident = await residentContext.newPage();
    await resident.goto(url("/payment/water-bill-payment-records"));
    const warning = resident.getByRole("dialog").filter({ hasText: warningText });
    await warning.waitFor({ timeout: 30_000 });
    await warning.getByRole("button", { name: en.SystemAlert.Dismiss }).click();
    const payBill = resident.getByRole("button", { name: en.DashboardHome.PayBill });
    await payBill.waitFor({ timeout: 30_000 });
    expect(await payBill.isDisabled()).toBe(true);
    expect(await resident.getByText(periodText).count()).toBe(1);
    await expectNoAxeViolations(resident, "/payment/water-bill-payment-records in maintenance (en)");
    // The payment page offers no form meanwhile, only when to come back.
    await resident.goto(url("/payment"));
    await resident.getByRole("heading", { name: en.Billing.Unavailable.Title }).waitFor();
    expect(await resident.getByLabel(en.Payment.CustomerId).count()).toBe(0);
    await residentContext.close();

    // Delete asks first; then bill pay is back on.
    await row.getByRole("button", { name: new RegExp(`^${M.Delete}`) }).click();
    const confirm = page.getByRole("dialog", { name: M.DeleteTitle });
    await confirm.getByRole("button", { name: M.Delete, exact: true }).click();
    await page.getByRole("status").filter({ hasText: en["delete-system-alert"] }).waitFor();
    await expect.poll(() => row.count()).toBe(0);
    await expect.poll(() => status.textContent()).toContain(M.Enabled);
  });
});
