import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { sandboxControl } from "../../emulators/src/sandboxes/kit.ts";
import en from "../../web/src/locales/en.json" with { type: "json" };
import { expectNoAxeViolations, useBrowser } from "../kit/browser.ts";
import { stackInfo } from "../kit/stack-info.ts";

/** The chat sandbox: the third-party host the runtime config points the loader at. */
const chatOrigin = () => stackInfo().sandboxes.chat as string;
const widgetUrl = () => `${chatOrigin()}/widget.js`;
const widgetFetches = async () => (await sandboxControl(chatOrigin()).counters()).byRoute["GET /widget.js"] ?? 0;

const scriptSources = (csp: string | undefined) =>
  (csp ?? "")
    .split(";")
    .map((directive) => directive.trim().split(/\s+/))
    .find(([name]) => name === "script-src")
    ?.slice(1) ?? [];

/** Lets the page finish loading and reach an idle moment: when the loader would have added the script. */
const pageSettled = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const idle = () => requestIdleCallback(() => resolve());
        if (document.readyState === "complete") idle();
        else addEventListener("load", idle, { once: true });
      }),
  );

describe("chat assistant (spec 1 §1)", () => {
  const browser = useBrowser();

  it("loads on / from the configured URL after the page has loaded; its button opens a panel; axe stays clean in English and Spanish", async () => {
    const { page, url } = browser;
    const response = await page.goto(url("/"));
    // The CSP lets this one origin's scripts in, beside our own.
    expect(scriptSources(response?.headers()["content-security-policy"])).toContain(chatOrigin());

    await page.locator('html[data-chat-assistant="loaded"]').waitFor({ timeout: 20_000 });
    expect(await page.locator(`script[src="${widgetUrl()}"]`).count()).toBe(1);
    // Requested only after the load event: it never competes with the page's own start.
    const timing = await page.evaluate((src) => {
      const navigation = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming;
      const script = performance.getEntriesByName(src)[0];
      return { loadEnd: navigation.loadEventEnd, scriptStart: script?.startTime ?? -1 };
    }, widgetUrl());
    expect(timing.scriptStart).toBeGreaterThanOrEqual(timing.loadEnd);

    const launcher = page.getByRole("button", { name: "Chat with the city" });
    await launcher.click();
    const panel = page.getByRole("dialog", { name: "City assistant" });
    await expect.poll(() => panel.isVisible()).toBe(true);
    expect(await launcher.getAttribute("aria-expanded")).toBe("true");
    await page.locator(".popular-services, .service-picker").first().waitFor();
    await expectNoAxeViolations(page, "/ with the chat panel open (en)");
    await page.keyboard.press("Escape");
    await expect.poll(() => panel.isVisible()).toBe(false);
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe("Chat with the city");

    // The widget follows the page's language as the visitor changes it, without a reload (issue 28).
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));
    await page.getByRole("combobox", { name: en.Language.Label }).selectOption("es");
    await expect.poll(() => page.locator("html").getAttribute("lang")).toBe("es");
    await page.getByRole("button", { name: "Chatear con la ciudad" }).click();
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
    await expect.poll(() => page.getByRole("dialog", { name: "Asistente de la ciudad" }).isVisible()).toBe(true);
    await page.locator(".popular-services, .service-picker").first().waitFor();
    await expectNoAxeViolations(page, "/ with the chat panel open (es)");
  });

  it("is never loaded on the guest payment page, whose CSP allows our scripts only", async () => {
    const { page, url } = browser;
    const before = await widgetFetches();
    const chatRequests: string[] = [];
    page.on("request", (request) => {
      if (request.url().startsWith(chatOrigin())) chatRequests.push(request.url());
    });
    const response = await page.goto(url("/payment"));
    expect(scriptSources(response?.headers()["content-security-policy"])).toEqual(["'self'"]);
    await page.getByRole("heading", { level: 1 }).first().waitFor();
    await pageSettled(page);
    expect(await page.locator("html").getAttribute("data-chat-assistant")).toBe("withheld");
    expect(await page.locator(`script[src="${widgetUrl()}"]`).count()).toBe(0);
    expect(await page.locator("#city-chat-assistant").count()).toBe(0);
    expect(chatRequests).toEqual([]);
    expect(await widgetFetches()).toBe(before);
  });

  it("moving in the app from a page with the widget to the payment page starts that page without it", async () => {
    const { page, url } = browser;
    await page.goto(url("/"));
    await page.locator('html[data-chat-assistant="loaded"]').waitFor({ timeout: 20_000 });
    // An in-app navigation, as a link would make it (react-router follows history).
    await page.evaluate(() => {
      history.pushState({}, "", "/payment");
      dispatchEvent(new PopStateEvent("popstate"));
    });
    await page.locator('html[data-chat-assistant="withheld"]').waitFor({ timeout: 20_000 });
    expect(new URL(page.url()).pathname).toBe("/payment");
    await pageSettled(page);
    expect(await page.locator("#city-chat-assistant").count()).toBe(0);
    expect(await page.locator(`script[src="${widgetUrl()}"]`).count()).toBe(0);
  });
});
