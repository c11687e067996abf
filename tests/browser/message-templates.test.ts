import { describe, expect, it } from "vitest";
import { seededUser } from "../../emulators/src/seed/fixtures.ts";
import { MESSAGE_TEMPLATES } from "../../functions/src/domains/messages/message-templates.ts";
import en from "../../web/src/locales/en.json" with { type: "json" };
import es from "../../web/src/locales/es.json" with { type: "json" };
import { expectNoAxeViolations, useBrowser } from "../kit/browser.ts";
import { storeLanguage } from "../kit/language.ts";
import { logInThroughForm } from "../kit/log-in.ts";
import { horizontalOverflow } from "../kit/page-checks.ts";

/**
 * Issue 29 "templates with a preview in both languages": the clerk opens /message-templates from the
 * Administration menu and reads every template the portal sends, with sample data, in English and in
 * Spanish side by side (each marked with its language); the page in English on a desktop and in
 * Spanish on a phone (390 px), axe clean.
 */
describe("message templates page", () => {
  const browser = useBrowser();

  it("previews every template in English and Spanish (en, es at 390 px)", { timeout: 120_000 }, async () => {
    const { page, url } = browser;
    await logInThroughForm(page, url, seededUser("admin").email);
    await page.goto(url("/message-templates"));
    await page.getByRole("heading", { level: 1, name: en.Pages.MessageTemplates }).waitFor({ timeout: 20_000 });

    // Every template of the message service, each under its own heading.
    const names = Object.keys(MESSAGE_TEMPLATES) as (keyof typeof en.MessageTemplates.Names)[];
    for (const name of names) {
      await page
        .getByRole("region", { name: en.MessageTemplates.Names[name], exact: true })
        .waitFor({ timeout: 20_000 });
    }

    // The password reset as the mail relay gets it: subject and text in each language, marked.
    const reset = page.getByRole("region", { name: en.MessageTemplates.Names.passwordReset });
    expect(await reset.locator('[lang="en"]').first().textContent()).toBe("Reset your City of Elgin portal password");
    expect(await reset.locator('[lang="es"]').first().textContent()).toBe(
      "Restablezca su contraseña del portal de la Ciudad de Elgin",
    );
    const spanishText = await reset.locator('div[lang="es"]').textContent();
    expect(spanishText).toContain("Elegir una nueva contraseña: ");
    expect(spanishText).toContain("Este mensaje lo envió el portal de la ciudad");

    // The shut-off notice with its sample amount and date, in both languages.
    const shutoff = page.getByRole("region", { name: en.MessageTemplates.Names.shutoffNotice });
    expect(await shutoff.locator('div[lang="en"]').textContent()).toContain("$88.20");
    expect(await shutoff.locator('div[lang="es"]').textContent()).toContain("12/20/2026");
    await expectNoAxeViolations(page, "/message-templates (en)");
    // The Administration menu (the sidebar on a desktop) links to it.
    await page.getByRole("link", { name: en.Nav.MessageTemplates, exact: true }).first().waitFor();

    // Spanish, on a phone.
    await page.setViewportSize({ width: 390, height: 844 });
    await storeLanguage(page, "es");
    await page.getByRole("heading", { level: 1, name: es.Pages.MessageTemplates }).waitFor({ timeout: 20_000 });
    await page.getByRole("region", { name: es.MessageTemplates.Names.caseFixedQuestion, exact: true }).waitFor();
    const { overflow, widest } = await horizontalOverflow(page);
    expect(overflow, `wider than 390 px: ${widest.join("; ")}`).toBe(0);
    await expectNoAxeViolations(page, "/message-templates (es, 390 px)");
  });
});
