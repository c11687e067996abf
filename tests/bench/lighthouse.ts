import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { get } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import lighthouse from "lighthouse";
import { computeMedianRun } from "lighthouse/core/lib/median-run.js";
import { type BrowserContext, chromium } from "playwright-core";
import { SEED_PASSWORD, SEEDED_USERS } from "../../emulators/src/seed/fixtures.ts";
import en from "../../web/src/locales/en.json" with { type: "json" };
import { CHROMIUM, CHROMIUM_FLAGS, freePort } from "../kit/chromium.ts";
import { repoRoot, stackInfo } from "../kit/stack-info.ts";
import { alertsAlreadyRead } from "./journeys.ts";
import { PAGES } from "./rows.ts";
import type { BenchRow } from "./table.ts";

export interface PageResult {
  jsTransferredGzipKb: number;
  performance: number;
  lcpMs: number;
  /** First contentful paint and speed index (ms), the score's other two timings. */
  fcpMs: number;
  speedIndexMs: number;
  cls: number;
  tbtMs: number;
  accessibility: number;
  /** How Hosting answered the page's script (the Hosting emulator gzips, as production Hosting does). */
  scriptEncoding: string;
  /** Each script the page loaded (its URL without the portal's origin), KB transferred. */
  scriptsKb: Record<string, number>;
  /** The element Lighthouse took for the LCP (its label and snippet), to see what the paint waited for. */
  lcpElement: string;
  /** Main-thread time by script (Lighthouse's bootup-time audit, ms, the largest first). */
  scriptsCpuMs: Record<string, number>;
  /** The performance score of each run, in the order run; the figures above are the median run's. */
  performanceRuns: number[];
}

/**
 * Lighthouse runs per page. One run's score moves by 5-7 points on these machines (the same page
 * of the same build scored 87 and 94 25 minutes apart); Lighthouse's own advice for a steady figure
 * is the median of several runs (docs/variability.md), which `computeMedianRun` picks: the run
 * closest to the median FCP and TTI.
 */
const RUNS_PER_PAGE = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);

/** Where each page's median Lighthouse report is written. */
const REPORTS = join(repoRoot, "bench", "lighthouse");

/** The LCP element's label and HTML snippet from the largest-contentful-paint-element audit. */
function lcpElementOf(details: unknown): string {
  type Node = { nodeLabel?: string; snippet?: string };
  const tables = (details as { items?: { items?: { node?: Node }[] }[] } | undefined)?.items ?? [];
  const node = tables[0]?.items?.[0]?.node;
  return node ? `${node.nodeLabel ?? ""} | ${(node.snippet ?? "").slice(0, 160)}` : "";
}

/** The Content-Encoding Hosting answers a browser-like request with (raw, not decoded). */
function contentEncoding(url: string): Promise<string> {
  return new Promise((resolve, reject) => {
    get(url, { headers: { "accept-encoding": "gzip, deflate, br" } }, (answer) => {
      answer.resume();
      resolve(String(answer.headers["content-encoding"] ?? "none"));
    }).on("error", reject);
  });
}

/** Empties the browser's HTTP cache (the profile's, which Lighthouse's tabs share). */
async function clearHttpCache(context: BrowserContext): Promise<void> {
  const tab = await context.newPage();
  const cdp = await context.newCDPSession(tab);
  await cdp.send("Network.clearBrowserCache");
  await tab.close();
}

/**
 * Lighthouse (mobile, its default: simulated slow 4G and 4x CPU slowdown) on each page of rows.ts,
 * through the portal URL, so the built app is served as Hosting serves it: gzip-compressed.
 * Anonymous pages start from empty storage; signed-in pages keep the session but not the HTTP cache.
 */
export async function auditPages({
  paths,
}: {
  paths?: string[];
} = {}): Promise<{ rows: BenchRow[]; results: Record<string, PageResult> }> {
  const port = await freePort();
  const profile = mkdtempSync(join(tmpdir(), "portal-bench-"));
  // A persistent context is the browser's default one, which the tab Lighthouse opens shares.
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    args: [...CHROMIUM_FLAGS, `--remote-debugging-port=${port}`],
    viewport: { width: 412, height: 823 },
  });
  const rows: BenchRow[] = [];
  const results: Record<string, PageResult> = {};
  const portal = stackInfo().portalUrl;
  let signedInAs: string | undefined;
  try {
    const ordered = PAGES.filter((page) => !paths || paths.includes(page.path)).sort(
      (a, b) => Number(Boolean(a.signedInAs)) - Number(Boolean(b.signedInAs)),
    );
    for (const page of ordered) {
      if (page.signedInAs && page.signedInAs !== signedInAs) {
        const user = SEEDED_USERS.find((candidate) => candidate.key === page.signedInAs);
        if (!user) throw new Error(`No seeded user ${page.signedInAs}`);
        const tab = await context.newPage();
        await alertsAlreadyRead(tab);
        await tab.goto(`${portal}/login`, { waitUntil: "networkidle" });
        await tab.getByLabel(en.Auth.Fields.Email, { exact: true }).fill(user.email);
        await tab.getByLabel(en.Auth.Fields.Password, { exact: true }).fill(SEED_PASSWORD);
        await tab.getByRole("button", { name: en.Auth.Login.Submit, exact: true }).click();
        await tab.waitForURL((address) => address.pathname !== "/login", { timeout: 60_000 });
        // The login form writes the destination URL before Firebase answers, so the URL alone does
        // not prove the sign-in: until the shell has the user, the session hint is unset and the
        // audited /dashboard loaded as a visitor (redirected to /, whose intro was its "LCP").
        await tab
          .getByRole("heading", { level: 1, name: en.Pages.Dashboard, exact: true })
          .waitFor({ timeout: 60_000 });
        await tab.waitForLoadState("networkidle");
        await tab.close();
        signedInAs = page.signedInAs;
      }
      const runs = [];
      for (let index = 0; index < RUNS_PER_PAGE; index++) {
        // Each run starts from an empty HTTP cache; a signed-in page keeps its storage (the session),
        // so Lighthouse leaves the cache to us too.
        if (page.signedInAs) await clearHttpCache(context);
        const run = await lighthouse(
          `${portal}${page.path}`,
          {
            port,
            output: "json",
            logLevel: "error",
            onlyCategories: ["performance", "accessibility"],
            disableStorageReset: Boolean(page.signedInAs),
          },
          undefined,
        );
        if (!run) throw new Error(`Lighthouse gave no result for ${page.path}`);
        runs.push(run.lhr);
      }
      const lhr = computeMedianRun(runs);
      // The whole report of the median run, to open in Lighthouse's viewer (googlechrome.github.io/lighthouse/viewer).
      mkdirSync(REPORTS, { recursive: true });
      writeFileSync(join(REPORTS, `${page.path.replace(/[^a-z0-9]+/gi, "_")}.json`), JSON.stringify(lhr));
      const requests = (lhr.audits["network-requests"]?.details as { items?: Record<string, unknown>[] } | undefined)
        ?.items;
      const scripts = (requests ?? []).filter((item) => item.resourceType === "Script");
      const jsBytes = scripts.reduce((sum, item) => sum + Number(item.transferSize ?? 0), 0);
      // The encoding of the largest of our own scripts (the first one, runtime-config.js, is too
      // small for Hosting to compress).
      const ownScripts = scripts
        .filter((item) => String(item.url).startsWith(portal))
        .sort((a, b) => Number(b.transferSize ?? 0) - Number(a.transferSize ?? 0));
      let scriptEncoding = "none";
      if (ownScripts[0]) scriptEncoding = await contentEncoding(String(ownScripts[0].url));
      const score = (category: string) => Math.round((lhr.categories[category]?.score ?? 0) * 100);
      const numeric = (audit: string) => lhr.audits[audit]?.numericValue ?? Number.NaN;
      const result: PageResult = {
        jsTransferredGzipKb: Math.round(jsBytes / 102.4) / 10,
        performance: score("performance"),
        lcpMs: Math.round(numeric("largest-contentful-paint")),
        fcpMs: Math.round(numeric("first-contentful-paint")),
        speedIndexMs: Math.round(numeric("speed-index")),
        cls: Math.round(numeric("cumulative-layout-shift") * 1000) / 1000,
        tbtMs: Math.round(numeric("total-blocking-time")),
        accessibility: score("accessibility"),
        scriptEncoding,
        scriptsKb: Object.fromEntries(
          scripts.map((item) => [
            String(item.url).replace(portal, ""),
            Math.round(Number(item.transferSize ?? 0) / 102.4) / 10,
          ]),
        ),
        lcpElement: "",
        scriptsCpuMs: {},
        performanceRuns: runs.map((run) => Math.round((run.categories.performance?.score ?? 0) * 100)),
      };
      const bootup = (lhr.audits["bootup-time"]?.details as { items?: { url: string; total: number }[] } | undefined)
        ?.items;
      result.lcpElement = lcpElementOf(lhr.audits["largest-contentful-paint-element"]?.details);
      result.scriptsCpuMs = Object.fromEntries(
        (bootup ?? []).slice(0, 8).map((item) => [String(item.url).replace(portal, ""), Math.round(item.total)]),
      );
      // A page that redirected (a lost session sends /dashboard to /) measured another page.
      if (new URL(lhr.finalDisplayedUrl).pathname !== new URL(`${portal}${page.path}`).pathname) {
        throw new Error(`${page.path} ended on ${lhr.finalDisplayedUrl}: the audit measured another page`);
      }
      results[page.path] = result;
      const row = page.signedInAs ? `${page.path} (signed in)` : page.path;
      rows.push(
        {
          section: "page",
          row,
          measure: `JS transferred (${scriptEncoding})`,
          value: result.jsTransferredGzipKb,
          unit: "KB",
          goal: page.goals?.jsKb === undefined ? undefined : { atMost: page.goals.jsKb },
        },
        {
          section: "page",
          row,
          measure: `Lighthouse mobile performance (median of ${runs.length})`,
          value: result.performance,
          unit: "",
          goal: { atLeast: 90 },
        },
        { section: "page", row, measure: "LCP", value: result.lcpMs, unit: "ms" },
        { section: "page", row, measure: "CLS", value: result.cls, unit: "", goal: { atMost: 0.1 } },
        {
          section: "page",
          row,
          measure: "TBT",
          value: result.tbtMs,
          unit: "ms",
          goal: page.goals?.tbtMs === undefined ? undefined : { atMost: page.goals.tbtMs },
        },
        { section: "page", row, measure: "accessibility", value: result.accessibility, unit: "" },
      );
    }
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
  return { rows, results };
}
