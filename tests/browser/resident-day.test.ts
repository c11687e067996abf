import { randomUUID } from "node:crypto";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { city } from "../../emulators/src/seed/city.ts";
import en from "../../web/src/locales/en.json" with { type: "json" };
import es from "../../web/src/locales/es.json" with { type: "json" };
import { callApi } from "../kit/api.ts";
import { useBrowser } from "../kit/browser.ts";
import { logInThroughForm } from "../kit/log-in.ts";
import { principal } from "../kit/principals.ts";
import { casesOfReport, postReport, SEEDED_REPORT_PLACE } from "../kit/reports.ts";

/** Issue 28's journeys: a resident's day on a phone, in Spanish. */

const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 20_000 });

describe("a first visit in Spanish on a phone", () => {
  const browser = useBrowser({ locale: "es-ES", viewport: { width: 390, height: 844 }, systemAlerts: true });

  it("shows one dialog, then the page: focus on its heading, Tab starts at the skip link, the chat button after the content, in Spanish", async () => {
    const { page, context, url } = browser;
    // Every dialog the page opens, counted as it opens.
    await context.addInitScript(() => {
      const seen = new Set<Element>();
      new MutationObserver(() => {
        for (const dialog of Array.from(document.querySelectorAll("dialog[open]"))) seen.add(dialog);
        (window as unknown as { dialogsOpened: number }).dialogsOpened = seen.size;
      }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ["open"] });
    });
    const dialogsOpened = () =>
      page.evaluate(() => (window as unknown as { dialogsOpened?: number }).dialogsOpened ?? 0);
    await page.goto(url("/"));
    const dialog = page.getByRole("dialog");
    await dialog.waitFor({ timeout: 20_000 });
    // Both seeded alerts are in it, the second under a count.
    expect(await dialog.getByRole("heading", { level: 3 }).textContent()).toBe(es.SystemAlert.MoreNotices_one);
    await dialog.getByRole("button", { name: es.SystemAlert.Dismiss }).click();
    await poll(() => page.locator("dialog[open]").count()).toBe(0);
    await poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe("H1");
    // Nothing else opens: the page is the page.
    await page.waitForTimeout(2_000);
    expect(await dialogsOpened()).toBe(1);

    // On the next page (the alerts are read for this session, so no dialog moves the focus), the
    // first Tab stop is the skip link; the chat launcher is in the page's flow after <main>.
    await page.goto(url("/"));
    await page.getByRole("heading", { level: 1 }).waitFor({ timeout: 20_000 });
    expect(await page.locator("dialog[open]").count()).toBe(0);
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.className)).toBe("skip-link");
    const launcher = page.getByRole("button", { name: "Chatear con la ciudad" });
    await launcher.waitFor({ timeout: 20_000 });
    expect(
      await page.evaluate(() => {
        const main = document.querySelector("main");
        const chat = document.getElementById("city-chat-assistant");
        return !!main && !!chat && !!(main.compareDocumentPosition(chat) & Node.DOCUMENT_POSITION_FOLLOWING);
      }),
    ).toBe(true);
    expect(
      await page.evaluate(() => getComputedStyle(document.getElementById("city-chat-assistant") as Element).position),
    ).toBe("static");
  });
});

describe("the knowledge base's second page, on a phone in Spanish", () => {
  const browser = useBrowser({ locale: "es-ES", viewport: { width: 390, height: 844 } });

  it("reaches an article that is only on page 2 of a search", async () => {
    const { page, url } = browser;
    // The seed has more than one page of Spanish articles about water ("agua").
    const term = "agua";
    const matching = city().knowledgeArticles.filter(
      (article) => article.Language === "es" && `${article.Title} ${article.Summary}`.toLowerCase().includes(term),
    );
    const second = await callApi<{ articles: { id: string; title: string }[]; total: number; pageSize: number }>(
      "GET",
      `/api/salesforce/knowledgebase?term=${term}&page=2&lang=es`,
    );
    expect(second.status).toBe(200);
    expect(second.body.total).toBe(matching.length);
    expect(second.body.total).toBeGreaterThan(second.body.pageSize);
    const onPageTwo = second.body.articles[0];
    expect(onPageTwo).toBeDefined();

    await page.goto(url(`/knowledgebase?term=${term}`));
    const pages = page.getByRole("navigation", { name: es.KnowledgeBase.Pages });
    await pages.getByRole("button", { name: es.KnowledgeBase.NextPage }).click();
    await poll(() => new URL(page.url()).searchParams.get("page")).toBe("2");
    await page
      .getByRole("link", { name: onPageTwo?.title as string, exact: true })
      .first()
      .click();
    await poll(() => new URL(page.url()).pathname).toBe(`/knowledgebase/${onPageTwo?.id}`);
    await page.getByRole("heading", { level: 1, name: onPageTwo?.title as string }).waitFor({ timeout: 20_000 });
  });
});

describe("a resident reads the case of their report", () => {
  const browser = useBrowser({ viewport: { width: 390, height: 844 } });

  it("with its photo, a map of the place, the description without the portal's lines and a timeline", async () => {
    const { idToken } = await principal("resident");
    const photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: "#c0392b" } })
      .jpeg()
      .toBuffer();
    const report = {
      id: randomUUID(),
      type: "pothole",
      activityId: "svc-report-pothole",
      address: SEEDED_REPORT_PLACE,
      description: "A deep pothole in the eastbound lane.",
    };
    const filed = await postReport(idToken as string, report, [{ bytes: photo, type: "image/jpeg", name: "hole.jpg" }]);
    expect(filed.status, JSON.stringify(filed.body)).toBe(200);
    const [created] = await casesOfReport(report.id);
    // The staff line says the photo is on the case as a file (issue 33), and the resident's page hides it.
    expect(created?.Description).toContain("Photos: 1, attached to this case as files");

    const { page, url } = browser;
    await logInThroughForm(page, url, "maria.lopez@example.com", { expectPath: "/dashboard" });
    await page.goto(url(`/activity-view/Case/${created?.Id}`));
    const reported = page.getByRole("region", { name: en.Activity.Reported });
    await reported.waitFor({ timeout: 20_000 });
    expect(await reported.textContent()).toContain(report.description);
    expect(await page.locator("main").textContent()).not.toContain("attached to this case as files");
    expect(await page.locator("main").textContent()).not.toContain(report.id);
    const image = reported.getByRole("img", {
      name: en.Activity.PhotoOf.replace("{{number}}", "1").replace("{{count}}", "1"),
    });
    await poll(() => image.evaluate((element) => (element as HTMLImageElement).naturalWidth)).toBe(64);
    await reported.getByTestId("address-map").waitFor({ timeout: 20_000 });
    const history = page.getByRole("region", { name: en.Activity.History });
    expect(await history.getByRole("listitem").first().textContent()).toContain(en.Activity.Filed);
    // Nothing refused or on hold is drawn as a step still to come.
    const ahead = await page.locator(".status-path__step--upcoming").allTextContents();
    expect(ahead.join(" ")).not.toMatch(/Rejected|On Hold/);
  });
});
