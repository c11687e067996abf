import { describe, expect, it } from "vitest";
import en from "../../web/src/locales/en.json" with { type: "json" };
import es from "../../web/src/locales/es.json" with { type: "json" };
import { expectNoAxeViolations, useBrowser } from "../kit/browser.ts";
import { waitForLanguage } from "../kit/language.ts";

describe("app shell: an anonymous visitor", () => {
  const browser = useBrowser();

  it("switches to Español: header and footer change language and a reload keeps the choice", async () => {
    const { page, url } = browser;
    await page.goto(url("/"));
    const header = page.getByRole("banner");
    const footer = page.getByRole("contentinfo");
    await expect.poll(() => header.getByRole("link", { name: en.Header.Login }).isVisible()).toBe(true);
    await expect.poll(() => footer.textContent()).toContain(en.Footer.Address);

    await page.getByRole("combobox", { name: en.Language.Label }).selectOption("es");

    await waitForLanguage(page, "es");
    await expect.poll(() => header.getByRole("link", { name: es.Header.Login }).isVisible()).toBe(true);
    await expect.poll(() => footer.textContent()).toContain(es.Footer.Address);
    expect(
      await page.evaluate(() => [
        localStorage.getItem("language"),
        localStorage.getItem("isLanguageOverwrittenByDropdown"),
      ]),
    ).toEqual(["es", "true"]);

    await page.reload();
    await expect
      .poll(() => page.getByRole("banner").getByRole("link", { name: es.Header.Login }).isVisible())
      .toBe(true);
    await expect.poll(() => page.getByRole("contentinfo").textContent()).toContain(es.Footer.Address);
    expect(await page.getByRole("combobox", { name: es.Language.Label }).inputValue()).toBe("es");
  });

  it("an unknown path lands on /", async () => {
    const { page, url } = browser;
    await page.goto(url("/no-such-page"));
    await expect.poll(() => new URL(page.url()).pathname).toBe("/");
  });

  it("a page for signed-in users sends an anonymous visitor to /", async () => {
    const { page, url } = browser;
    await page.goto(url("/dashboard"));
    await expect.poll(() => new URL(page.url()).pathname).toBe("/");
  });

  it("/ has no axe violations in English or Spanish", async () => {
    const { page, url } = browser;
    await page.goto(url("/"));
    await page.getByRole("heading", { level: 1 }).first().waitFor();
    await expectNoAxeViolations(page, "/ (en)");
    await page.getByRole("combobox", { name: en.Language.Label }).selectOption("es");
    await waitForLanguage(page, "es");
    await expectNoAxeViolations(page, "/ (es)");
  });
});
