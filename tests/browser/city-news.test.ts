import { describe, expect, it } from "vitest";
import { city } from "../../emulators/src/seed/city.ts";
import en from "../../web/src/locales/en.json" with { type: "json" };
import es from "../../web/src/locales/es.json" with { type: "json" };
import { expectNoAxeViolations, useBrowser } from "../kit/browser.ts";

/** Newest first, as the page lists them (the id breaks ties). */
const posts = [...city().newsPosts].sort(
  (a, b) => b.Show_On__c.localeCompare(a.Show_On__c) || a.Id.localeCompare(b.Id),
);

describe("city news (/elgin_today)", () => {
  const browser = useBrowser();

  it("loads a second page with load more, moves focus to its first post, and ends at an empty page", async () => {
    const { page, url } = browser;
    await page.goto(url("/elgin_today"));
    const items = page.locator(".city-news__item");
    await page.getByRole("heading", { name: posts[0]?.Update__c, exact: true }).waitFor({ timeout: 20_000 });
    expect(await items.count()).toBe(10);
    await expectNoAxeViolations(page, "/elgin_today");

    await page.getByRole("button", { name: en.CityNews.LoadMore }).click();
    const eleventh = page.getByRole("heading", { name: posts[10]?.Update__c, exact: true });
    await eleventh.waitFor({ timeout: 20_000 });
    await expect.poll(() => eleventh.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(await items.count()).toBe(20);

    // The seeded 30 posts fill three pages; the fourth comes back empty and ends the list.
    await page.getByRole("button", { name: en.CityNews.LoadMore }).click();
    await page.getByRole("heading", { name: posts[20]?.Update__c, exact: true }).waitFor({ timeout: 20_000 });
    await page.getByRole("button", { name: en.CityNews.LoadMore }).click();
    const end = page.getByText(en.CityNews.End);
    await end.waitFor({ timeout: 20_000 });
    await expect.poll(() => end.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(await items.count()).toBe(posts.length);
    expect(await page.getByRole("button", { name: en.CityNews.LoadMore }).count()).toBe(0);
  });
});

describe("city news in Spanish", () => {
  const browser = useBrowser({ locale: "es-ES" });

  it("offers load more in Spanish and passes axe", async () => {
    const { page, url } = browser;
    await page.goto(url("/elgin_today"));
    await page.getByRole("button", { name: es.CityNews.LoadMore }).waitFor({ timeout: 20_000 });
    await expectNoAxeViolations(page, "/elgin_today in Spanish");
  });
});
