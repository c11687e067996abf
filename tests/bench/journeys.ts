import { type Browser, chromium, type Page } from "playwright-core";
import { SEEDED_ACTIVE_ALERT_IDS } from "../../emulators/src/seed/activities.ts";
import { SEED_PASSWORD, SEEDED_USERS } from "../../emulators/src/seed/fixtures.ts";
import en from "../../web/src/locales/en.json" with { type: "json" };
import { CHROMIUM, CHROMIUM_FLAGS } from "../kit/chromium.ts";
import { stackInfo } from "../kit/stack-info.ts";
import { JOURNEYS, type JourneySteps } from "./rows.ts";
import type { BenchRow } from "./table.ts";

export interface JourneyResult {
  apiCalls: number;
  /** API calls that started only after another API call of the journey had answered. */
  apiCallsAfterAnAnswer: number;
  crmCalls: number;
  billingCalls: number;
  msToNetworkIdle: number;
  apiPaths: string[];
}

/**
 * Marks the seeded system alerts read in a page's session, as a returning resident has them: their
 * modal would otherwise cover the login form (the alerts are still fetched and counted).
 */
export async function alertsAlreadyRead(target: { addInitScript: Page["addInitScript"] }): Promise<void> {
  await target.addInitScript(
    (ids: string[]) => {
      sessionStorage.setItem("systemAlertsRead", JSON.stringify(ids));
      sessionStorage.setItem("delinquencyPrefsPromptShown", "true");
    },
    [...SEEDED_ACTIVE_ALERT_IDS],
  );
}

async function sandboxTotal(name: string): Promise<number> {
  const base = stackInfo().sandboxes[name];
  if (!base) return 0;
  const answer = await fetch(`${base}/__control/counters`);
  return ((await answer.json()) as { total: number }).total;
}

/** The journeys of rows.ts in order, in one browser session, with what each one cost. */
export async function measureJourneys(): Promise<{ rows: BenchRow[]; results: Record<string, JourneyResult> }> {
  const browser: Browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
  const rows: BenchRow[] = [];
  const results: Record<string, JourneyResult> = {};
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: "en-US" });
    await alertsAlreadyRead(context);
    const page = await context.newPage();
    const portal = stackInfo().portalUrl;
    const steps: JourneySteps = {
      url: (path) => `${portal}${path}`,
      submitLogin: async (key) => {
        const user = SEEDED_USERS.find((candidate) => candidate.key === key);
        if (!user) throw new Error(`No seeded user ${key}`);
        await page.getByLabel(en.Auth.Fields.Email, { exact: true }).fill(user.email);
        await page.getByLabel(en.Auth.Fields.Password, { exact: true }).fill(SEED_PASSWORD);
        await page.getByRole("button", { name: en.Auth.Login.Submit, exact: true }).click();
      },
    };
    for (const journey of JOURNEYS) {
      await journey.prepare?.(page, steps);
      const calls: { path: string; startedAt: number; answeredAt?: number }[] = [];
      let lastActivity = 0;
      let inFlight = 0;
      const onRequest = (request: import("playwright-core").Request) => {
        lastActivity = Date.now();
        inFlight++;
        const address = new URL(request.url());
        if (address.origin === portal && address.pathname.startsWith("/api/")) {
          calls.push({ path: `${request.method()} ${address.pathname}`, startedAt: Date.now() });
        }
      };
      const onDone = (request: import("playwright-core").Request) => {
        lastActivity = Date.now();
        inFlight = Math.max(0, inFlight - 1);
        const address = new URL(request.url());
        const call = calls.find(
          (candidate) => candidate.path === `${request.method()} ${address.pathname}` && !candidate.answeredAt,
        );
        if (call) call.answeredAt = Date.now();
      };
      page.on("request", onRequest);
      page.on("requestfinished", onDone);
      page.on("requestfailed", onDone);
      const crmBefore = await sandboxTotal("crm");
      const billingBefore = await sandboxTotal("billing");
      const started = Date.now();
      await journey.run(page, steps);
      // Network idle as Playwright defines it (nothing in flight for 500 ms), counted by hand: after
      // a client-side navigation the page's own load state is already "networkidle".
      const deadline = Date.now() + 60_000;
      while ((inFlight > 0 || Date.now() - lastActivity < 500) && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      page.off("request", onRequest);
      page.off("requestfinished", onDone);
      page.off("requestfailed", onDone);
      const firstAnswer = Math.min(...calls.map((call) => call.answeredAt ?? Number.POSITIVE_INFINITY));
      const result: JourneyResult = {
        apiCalls: calls.length,
        apiCallsAfterAnAnswer: calls.filter((call) => call.startedAt > firstAnswer).length,
        crmCalls: (await sandboxTotal("crm")) - crmBefore,
        billingCalls: (await sandboxTotal("billing")) - billingBefore,
        msToNetworkIdle: Math.max(0, lastActivity - started),
        apiPaths: calls.map((call) => call.path),
      };
      results[journey.name] = result;
      const goal = (value: number | undefined) => (value === undefined ? undefined : { atMost: value });
      rows.push(
        {
          section: "journey",
          row: journey.name,
          measure: "API calls",
          value: result.apiCalls,
          unit: "",
          goal: goal(journey.goals?.apiCalls),
        },
        {
          section: "journey",
          row: journey.name,
          measure: "API calls waiting on another",
          value: result.apiCallsAfterAnAnswer,
          unit: "",
          goal: goal(journey.goals?.apiCallsWaiting),
        },
        {
          section: "journey",
          row: journey.name,
          measure: "CRM calls",
          value: result.crmCalls,
          unit: "",
          goal: goal(journey.goals?.crmCalls),
        },
        { section: "journey", row: journey.name, measure: "billing calls", value: result.billingCalls, unit: "" },
        {
          section: "journey",
          row: journey.name,
          measure: "to network idle",
          value: result.msToNetworkIdle,
          unit: "ms",
          goal: goal(journey.goals?.msToNetworkIdle),
        },
      );
    }
    await context.close();
  } finally {
    await browser.close();
  }
  return { rows, results };
}
