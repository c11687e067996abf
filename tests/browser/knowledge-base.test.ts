import { describe, expect, it } from "vitest";
import { city } from "../../emulators/src/seed/city.ts";
import en from "../../web/src/locales/en.json" with { type: "json" };
import es from "../../web/src/locales/es.json" with { type: "json" };
import { expectNoAxeViolations, useBrowser } from "../kit/browser.ts";

const articles = city().knowledgeArticles;
const potholeEn = articles.find((article) => article.Title === "Reporting a pothole" && article.Language === "en_US");
const potholeEs = articles.find(
  (article) => article.KnowledgeArticleId === potholeEn?.KnowledgeArticleId && article.Language === "es",
);
if (!potholeEn || !potholeEs) throw new Error("seed: no pothole article in both languages");

describe("knowledge base", () => {
  const browser = useBrowser();

  it("starts with 'Enter search criteria above.' and trending, finds an article and opens it", async () => {
    const { page, url } = browser;
    await page.goto(url("/knowledgebase"));
    await page.getByText(en.KnowledgeBase.EnterCriteria).waitFor({ timeout: 20_000 });
    await page.locator(".kb__trending li").first().waitFor({ timeout: 20_000 });
    expect(await page.locator(".kb__trending li").count()).toBe(5);
    await expectNoAxeViolations(page, "/knowledgebase");

    await page.getByRole("searchbox", { name: en.KnowledgeBase.SearchLabel }).fill("pothole");
    await page.locator(".kb__search").getByRole("button", { name: en.KnowledgeBase.Search, exact: true }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get("term")).toBe("pothole");
    const link = page.locator(".kb__search").getByRole("link", { name: potholeEn.Title });
    await link.waitFor({ timeout: 20_000 });
    await link.click();
    await page.getByRole("heading", { level: 1, name: potholeEn.Title }).waitFor({ timeout: 20_000 });
    expect(new URL(page.url()).pathname).toBe(`/knowledgebase/${potholeEn.KnowledgeArticleId}`);
    await page.getByText(potholeEn.Summary).first().waitFor();
    await page.getByText("Call 311 or use the portal for help.").waitFor();
  });

  it("puts trending beside the results from 1216 px wide, below them under it (spec 3 §9: audit item K05)", async () => {
    const { page, url } = browser;
    const boxes = async () => ({
      search: await page.locator(".kb__search").boundingBox(),
      trending: await page.locator(".kb__trending").boundingBox(),
    });
    await page.setViewportSize({ width: 1216, height: 900 });
    await page.goto(url("/knowledgebase"));
    await page.locator(".kb__trending li").first().waitFor({ timeout: 20_000 });
    const wide = await boxes();
    expect(wide.trending?.x).toBeGreaterThan((wide.search?.x ?? 0) + (wide.search?.width ?? 0) - 1);
    expect(wide.trending?.y).toBe(wide.search?.y);
    await page.setViewportSize({ width: 1215, height: 900 });
    // Stacked: trending starts where the results start (the page moves by half a pixel with the width).
    await expect
      .poll(async () => {
        const { search, trending } = await boxes();
        return trending?.x === search?.x;
      })
      .toBe(true);
    const narrow = await boxes();
    expect(narrow.trending?.y).toBeGreaterThan((narrow.search?.y ?? 0) + (narrow.search?.height ?? 0) - 1);
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  it("a term matching nothing says 'No results found.'", async () => {
    const { page, url } = browser;
    await page.goto(url("/knowledgebase?term=zzqx"));
    await page.getByText(en.KnowledgeBase.NoResults).waitFor({ timeout: 20_000 });
  });
});

describe("knowledge base in Spanish", () => {
  const browser = useBrowser({ locale: "es-ES" });

  it("a Spanish reader searches in Spanish and reads the Spanish version; axe passes", async () => {
    const { page, url } = browser;
    await page.goto(url("/knowledgebase?term=bache"));
    const link = page.locator(".kb__search").getByRole("link", { name: potholeEs.Title });
    await link.waitFor({ timeout: 20_000 });
    await expectNoAxeViolations(page, "/knowledgebase in Spanish");
    await link.click();
    await page.getByRole("heading", { level: 1, name: potholeEs.Title }).waitFor({ timeout: 20_000 });
    await page.getByText("Llame al 311 o use el portal si necesita ayuda.").waitFor();
    await expectNoAxeViolations(page, "/knowledgebase/{id} in Spanish");
    expect(await page.getByRole("link", { name: es.KnowledgeBase.Back }).count()).toBe(1);
  });
});
