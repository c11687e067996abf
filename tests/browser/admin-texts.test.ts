import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { seededUser } from "../../emulators/src/seed/fixtures.ts";
import en from "../../web/src/locales/en.json" with { type: "json" };
import es from "../../web/src/locales/es.json" with { type: "json" };
import { useBrowser } from "../kit/browser.ts";
import { switchLanguage, waitForLanguage } from "../kit/language.ts";
import { logInThroughForm } from "../kit/log-in.ts";

// The admin pages' texts are not in the entry: they load with the admin pages' chunks
// (web/src/locales/areas.ts). Each language must still show them, never their keys.

const main = (page: Page) => page.getByRole("main");

describe("admin texts load with the admin pages", () => {
  const browser = useBrowser();

  it("an admin page shows its texts in English, in Spanish after switching, and in English again", async () => {
    const { page, url } = browser;
    await logInThroughForm(page, url, seededUser("admin").email);
    await page.goto(url("/feature-flags"));
    await expect.poll(() => main(page).textContent(), { timeout: 30_000 }).toContain(en.FeatureFlagsAdmin.Intro);

    await switchLanguage(page, "es");
    await expect.poll(() => main(page).textContent()).toContain(es.FeatureFlagsAdmin.Intro);
    expect(await main(page).textContent()).not.toContain("FeatureFlagsAdmin.");

    await switchLanguage(page, "en");
    await expect.poll(() => main(page).textContent()).toContain(en.FeatureFlagsAdmin.Intro);
  });

  it("a Spanish-speaking admin reaches an admin page from the menu and reads it in Spanish", async () => {
    const { page, url } = browser;
    await logInThroughForm(page, url, seededUser("admin").email);
    await page.goto(url("/"));
    await switchLanguage(page, "es");
    // A page load in Spanish, then an in-app navigation to the admin page: its texts load on the way.
    await page.reload();
    await waitForLanguage(page, "es");
    await page.getByRole("link", { name: es.Nav.FeatureFlags }).first().click();
    await expect.poll(() => new URL(page.url()).pathname).toBe("/feature-flags");
    await expect.poll(() => main(page).textContent(), { timeout: 30_000 }).toContain(es.FeatureFlagsAdmin.Intro);
    expect(await main(page).textContent()).not.toContain("FeatureFlagsAdmin.");
  });
});
