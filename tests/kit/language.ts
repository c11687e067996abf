import type { Page } from "playwright-core";
import { expect } from "vitest";
import en from "../../web/src/locales/en.json" with { type: "json" };
import es from "../../web/src/locales/es.json" with { type: "json" };

/**
 * Waits until the page shows `language` with all its texts: the app marks `<html data-language-loaded>`
 * once the language's bundled texts and the admins' edits are in (web/src/lib/i18n.ts). Playwright's
 * wait for the attribute, not a poll of `<html lang>` with expect.poll's one second: loading the Spanish
 * texts took longer than that with four stacks on two cores (rehearsal CI of 80ab8c9).
 */
export async function waitForLanguage(page: Page, language: "es" | "en"): Promise<void> {
  await page.locator(`html[data-language-loaded="${language}"]`).waitFor({ state: "attached" });
}

/** Switches the portal's language with its select (inside the user menu when signed in) and waits for it. */
export async function switchLanguage(page: Page, language: "es" | "en"): Promise<void> {
  const from = language === "es" ? en : es;
  const select = page.getByRole("combobox", { name: from.Language.Label }).first();
  if (!(await select.isVisible())) await page.locator(".user-menu__button").click();
  await select.selectOption(language);
  await waitForLanguage(page, language);
}

/**
 * Picks a language as the header's select stores it (kept over the profile's), without opening it:
 * writes the stored choice, reloads and waits for the page's language.
 */
export async function storeLanguage(page: Page, language: "es" | "en" = "es"): Promise<void> {
  await page.evaluate((code) => {
    localStorage.setItem("language", code);
    localStorage.setItem("isLanguageOverwrittenByDropdown", "true");
  }, language);
  await page.reload();
  // A reload of a signed-in page on a loaded machine takes seconds (most of its callers waited 20 s).
  await expect.poll(() => page.locator("html").getAttribute("lang"), { timeout: 20_000 }).toBe(language);
}
