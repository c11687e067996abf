import { mkdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, beforeEach, expect } from "vitest";
import { SEEDED_ACTIVE_ALERT_IDS } from "../../emulators/src/seed/activities.ts";
import { CHROMIUM_FLAGS, TEST_CHROMIUM } from "./chromium.ts";
import { repoRoot, stackInfo } from "./stack-info.ts";

const ARTIFACTS = join(repoRoot, "tests", "artifacts");

/** Debian's Chromium headless shell, with no background traffic (this machine has no internet). */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: TEST_CHROMIUM,
    args: [...CHROMIUM_FLAGS, "--no-first-run"],
  });
}

export interface BrowserSession {
  page: Page;
  context: BrowserContext;
  /** Absolute URL of a portal path. */
  url: (path: string) => string;
}

/**
 * One browser per test file and a fresh context (empty storage) per test. A failing test saves a
 * screenshot to tests/artifacts/.
 */
export function useBrowser(
  options: {
    viewport?: { width: number; height: number };
    locale?: string;
    /** Show the seeded system alerts and the billing prompt; by default they start dismissed. */
    systemAlerts?: boolean;
  } = {},
): BrowserSession {
  let browser: Browser;
  const session = {} as BrowserSession;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });
  beforeEach(async () => {
    session.context = await browser.newContext({
      viewport: options.viewport ?? { width: 1280, height: 900 },
      locale: options.locale ?? "en-US",
    });
    // Alerts open a modal over every page; journeys about something else start with them read.
    if (!options.systemAlerts) {
      await session.context.addInitScript(
        (ids: string[]) => {
          sessionStorage.setItem("systemAlertsRead", JSON.stringify(ids));
          sessionStorage.setItem("delinquencyPrefsPromptShown", "true");
        },
        [...SEEDED_ACTIVE_ALERT_IDS],
      );
    }
    session.page = await session.context.newPage();
    session.url = (path: string) => `${stackInfo().portalUrl}${path}`;
  });
  // A failed test leaves a screenshot of where it stopped, taken before the context closes.
  afterEach(async (test) => {
    if (test.task.result?.state === "fail") {
      mkdirSync(ARTIFACTS, { recursive: true });
      const name = test.task.name.replace(/[^a-z0-9]+/gi, "-").slice(0, 80);
      await session.page?.screenshot({ path: join(ARTIFACTS, `${name}.png`), fullPage: true }).catch(() => undefined);
    }
    await session.context?.close();
  });
  return session;
}

const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

interface AxeViolation {
  id: string;
  impact: string;
  help: string;
  nodes: { target: string[] }[];
}

/** Runs axe-core (WCAG 2.0-2.2 A and AA rules) on the page and fails listing every violation. */
export async function expectNoAxeViolations(page: Page, label: string): Promise<void> {
  expect(await axeViolations(page), `axe violations on ${label}`).toEqual([]);
}

/** axe-core's WCAG 2.0-2.2 A and AA violations on the page, one line each (rule, impact, where). */
export async function axeViolations(page: Page): Promise<string[]> {
  // Evaluated through DevTools, so the page's strict CSP does not block it; once per document (the
  // source is 550 kB: sending and compiling it took 0.5-1.4 s a page at load 15).
  // biome-ignore lint/suspicious/noExplicitAny: axe is injected at run time
  if (await page.evaluate(() => !(window as any).axe)) await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    // biome-ignore lint/suspicious/noExplicitAny: axe is injected at run time
    const axe = (window as any).axe;
    const result = await axe.run(document, {
      runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"] },
    });
    return result.violations as AxeViolation[];
  });
  return violations.map(
    (v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`,
  );
}
