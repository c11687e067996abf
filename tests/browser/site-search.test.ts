import { describe, expect, it } from "vitest";
import { SPANISH_SERVICE_NAMES } from "../../emulators/src/seed/service-names-es.ts";
import en from "../../web/src/locales/en.json" with { type: "json" };
import es from "../../web/src/locales/es.json" with { type: "json" };
import { expectNoAxeViolations, useBrowser } from "../kit/browser.ts";

describe("site search", () => {
  const browser = useBrowser();

  it("the header's search box finds the pothole service for 'potholle', highlighted, linking to its start", async () => {
    const { page, url } = browser;
    await page.goto(url("/"));
    const box = page.getByRole("searchbox", { name: en.Header.SearchLabel }).first();
    await box.fill("potholle");
    await box.press("Enter");
    await expect.poll(() => new URL(page.url()).searchParams.get("term")).toBe("potholle");
    const results = page.locator(".site-search__item");
    await results.first().waitFor({ timeout: 20_000 });
    const first = results.first();
    expect(await first.locator(".site-search__kind").textContent()).toBe(en.SiteSearch.Kind.service);
    const link = first.getByRole("link", { name: "Pothole", exact: true });
    expect(await link.getAttribute("href")).toBe("/activity/start?activityId=svc-report-pothole");
    expect(await link.locator("mark").textContent()).toBe("Pothole");
    // The help article about potholes is found too, below the service.
    await page.getByRole("link", { name: "Reporting a pothole" }).waitFor();
    await expectNoAxeViolations(page, "/search");
  });

  it("pages by 15 and says 'No search results found.' for nothing", async () => {
    const { page, url } = browser;
    await page.goto(url("/search?term=city"));
    const results = page.locator(".site-search__item");
    await results.first().waitFor({ timeout: 20_000 });
    expect(await results.count()).toBe(15);
    await page.getByRole("link", { name: en.SiteSearch.Next }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get("page")).toBe("2");
    const heading = page.getByRole("heading", { level: 2, name: en.SiteSearch.ResultsFor.replace("{{term}}", "city") });
    await expect.poll(() => heading.evaluate((element) => element === document.activeElement)).toBe(true);
    await page.getByText("Page 2 of").waitFor();

    await page.goto(url("/search?term=zzqxwv"));
    await page.getByText(en.SiteSearch.NoResults).waitFor({ timeout: 20_000 });
    expect(await results.count()).toBe(0);
  });
});

describe("site search in Spanish", () => {
  const browser = useBrowser({ locale: "es-ES" });

  it("finds the service by its Spanish name, typo and all, and passes axe", async () => {
    const { page, url } = browser;
    await page.goto(url("/search?term=bachee"));
    const link = page
      .locator(".site-search__item")
      .first()
      .getByRole("link", { name: SPANISH_SERVICE_NAMES["svc-report-pothole"], exact: true });
    await link.waitFor({ timeout: 20_000 });
    await page.getByText(es.SiteSearch.Kind.service).first().waitFor();
    await expectNoAxeViolations(page, "/search in Spanish");
    await page.goto(url("/search?term=zzqxwv"));
    await page.getByText(es.SiteSearch.NoResults).waitFor({ timeout: 20_000 });
    await expectNoAxeViolations(page, "/search without results in Spanish");
  });
});
