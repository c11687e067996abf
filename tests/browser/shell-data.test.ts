import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { seededUser } from "../../emulators/src/seed/fixtures.ts";
import { useBrowser } from "../kit/browser.ts";
import { logInThroughForm } from "../kit/log-in.ts";

/** Every /api call the page makes from now on, in the order the browser reports starts and ends. */
function recordApiCalls(page: Page) {
  const events: { kind: "start" | "end"; call: string }[] = [];
  const callOf = (url: string) => {
    const { pathname, search } = new URL(url);
    return pathname.startsWith("/api/") ? `${pathname}${search}` : null;
  };
  page.on("request", (request) => {
    const call = callOf(request.url());
    if (call) events.push({ kind: "start", call });
  });
  const ended = (request: { url: () => string }) => {
    const call = callOf(request.url());
    if (call) events.push({ kind: "end", call });
  };
  page.on("requestfinished", ended);
  page.on("requestfailed", ended);
  return {
    calls: () => events.filter((event) => event.kind === "start").map((event) => event.call),
    /** Calls that started only after another API call had answered: they waited on it. */
    startedAfterAnAnswer: () => {
      const firstEnd = events.findIndex((event) => event.kind === "end");
      return firstEnd < 0
        ? []
        : events
            .slice(firstEnd)
            .filter((event) => event.kind === "start")
            .map((e) => e.call);
    },
  };
}

const dashboardLoaded = async (page: Page) => {
  await expect.poll(() => page.locator(".recent-activity .activity-list__item").count(), { timeout: 20_000 }).toBe(3);
  await expect.poll(() => page.locator(".bill-pay").textContent()).toMatch(/\$|No upcoming bills found/);
  await page.locator(".attention-banner a").waitFor();
  await page.locator(".news__slide").first().waitFor();
  await page.locator(".events__item").first().waitFor();
  await page.waitForLoadState("networkidle");
};

describe("shell data fetched once (issue 12)", () => {
  const browser = useBrowser();

  it("a warm /dashboard makes at most 8 API calls, each once, none waiting on another", async () => {
    const { page, url } = browser;
    await logInThroughForm(page, url, seededUser("resident").email, { expectPath: "/dashboard" });
    await dashboardLoaded(page);

    const api = recordApiCalls(page);
    await page.goto(url("/dashboard"));
    await dashboardLoaded(page);

    const calls = api.calls();
    expect(calls.length, calls.join("\n")).toBeLessThanOrEqual(8);
    expect(new Set(calls).size, `asked twice:\n${calls.join("\n")}`).toBe(calls.length);
    expect(calls).toEqual(expect.arrayContaining(["/api/auth"]));
    // The shell's data (flags, languages, texts, alerts) is kept for the session: not asked again.
    for (const shellCall of ["/api/featureflags", "/api/i18n/", "/api/systemAlerts", "/api/record-session"]) {
      expect(
        calls.filter((call) => call.startsWith(shellCall)),
        shellCall,
      ).toEqual([]);
    }
    expect(api.startedAfterAnAnswer(), "calls that waited for another call's answer").toEqual([]);
  });
});
