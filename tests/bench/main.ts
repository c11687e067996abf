/**
 * `npm run bench`: starts its own stack (ports moved by PORTAL_TEST_PORT_OFFSET, which
 * scripts/bench.mjs sets from PORTAL_BENCH_PORT_OFFSET), measures the rows of rows.ts, prints one
 * table and writes bench/results.json. Numbers, not assertions: nothing here fails on a slow result.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { setup, teardown } from "../kit/global-setup.ts";
import { repoRoot, stackInfo } from "../kit/stack-info.ts";
import { measureBulkSend } from "./bulk-send.ts";
import { measureColdStarts } from "./cold-starts.ts";
import { measureDelinquency } from "./delinquency.ts";
import { measureEmails } from "./emails.ts";
import { measureFunctionMemory } from "./function-memory.ts";
import { measureJourneys } from "./journeys.ts";
import { auditPages } from "./lighthouse.ts";
import { loadRouteGroups } from "./load.ts";
import { measureOpen311List } from "./open311-list.ts";
import { measurePaymentSubmits } from "./payments.ts";
import { measureUserSearch } from "./search-users.ts";
import { type BenchRow, printTable } from "./table.ts";

/**
 * `--only=api,cold-starts` measures some parts (journeys, payments, api, pages, cold-starts, delinquency, admin-search,
 * bulk-send, emails, open311) to iterate on one of them; the table then says so and bench/results.json is not overwritten.
 */
const only = process.argv
  .find((arg) => arg.startsWith("--only="))
  ?.slice("--only=".length)
  .split(",")
  .filter(Boolean);
const measuring = (part: string) => !only || only.includes(part);
/** `--pages=/dashboard,/login` audits some of rows.ts's pages (comma-separated paths as written there). */
const pagePaths = process.argv
  .find((arg) => arg.startsWith("--pages="))
  ?.slice("--pages=".length)
  .split(",")
  .filter(Boolean);

async function main() {
  const started = Date.now();
  await setup();
  const rows: BenchRow[] = [];
  const results: Record<string, unknown> = { startedAt: new Date(started).toISOString() };
  try {
    const info = stackInfo() as ReturnType<typeof stackInfo> & {
      functions?: Record<string, { coldStartMs: number }>;
    };
    results.functionColdStartsMs = Object.fromEntries(
      Object.entries(info.functions ?? {}).map(([name, host]) => [name, host.coldStartMs]),
    );
    for (const [name, ms] of Object.entries(results.functionColdStartsMs as Record<string, number>)) {
      rows.push({
        section: "function cold start",
        row: name,
        measure: "first answer after start",
        value: ms,
        unit: "ms",
      });
    }
    // Journeys first: the first one is the first dashboard after the stack started (cold caches).
    const collect = async (key: string, measure: () => Promise<{ rows: BenchRow[]; results: unknown }>) => {
      const measured = await measure();
      results[key] = measured.results;
      rows.push(...measured.rows);
    };
    if (measuring("journeys")) await collect("journeys", measureJourneys);
    // Payment submits (issue 13) after the journeys, whose guest payment counts against the same throttles.
    if (measuring("payments")) await collect("payments", measurePaymentSubmits);
    if (measuring("api")) await collect("api", loadRouteGroups);
    if (measuring("pages")) await collect("pages", () => auditPages({ paths: pagePaths }));
    if (measuring("cold-starts")) await collect("functionColdStartsAloneMs", measureColdStarts);
    // Issue 17: a 50,000-row delinquency file (it writes bench users, and removes them after).
    if (measuring("delinquency")) await collect("delinquency", measureDelinquency);
    // Issue 17: the users search at 50,000 users (it writes bench users, and removes them after).
    if (measuring("admin-search")) await collect("adminUserSearch", measureUserSearch);
    // Issue 17, last: it leaves 100,000 users and devices in the bench stack's Firestore.
    if (measuring("bulk-send")) await collect("bulkSend", measureBulkSend);
    // Issue 29: 10,000 emails written to the message service and sent by the outbox job.
    if (measuring("emails")) await collect("emails", measureEmails);
    // Issue 33: the Open311 list's documents read among 1,000 moderated reports (well after the api
    // part, whose services.xml row takes most of the same per-address Open311 read throttle).
    if (measuring("open311")) await collect("open311List", measureOpen311List);
    // Last: each function host's peak memory over everything above (issue 25: sizes function-options.ts).
    await collect("functionPeakRssMb", async () => measureFunctionMemory());
  } finally {
    await teardown();
  }
  const sections = [
    "function cold start",
    "function memory",
    "journey",
    "payment",
    "api",
    "page",
    "delinquency",
    "bulk send",
    "emails",
  ];
  rows.sort((a, b) => sections.indexOf(a.section) - sections.indexOf(b.section));
  results.rows = rows;
  results.seconds = Math.round((Date.now() - started) / 1000);
  printTable(rows);
  const dir = join(repoRoot, "bench");
  mkdirSync(dir, { recursive: true });
  if (only || pagePaths) {
    // Kept apart (each page's scripts, each group's numbers) so one part can be compared run to run.
    const measured = [...(only ?? ["all parts"]), ...(pagePaths ? [`pages ${pagePaths.join(" ")}`] : [])];
    const file = `results-${measured.join("-").replace(/[^a-z0-9-]+/gi, "_")}.json`;
    writeFileSync(join(dir, file), `${JSON.stringify(results, null, 2)}\n`);
    console.log(
      `\nOnly ${measured.join(", ")} measured (${results.seconds} s): bench/${file}; bench/results.json left as it was.`,
    );
    return;
  }
  writeFileSync(join(dir, "results.json"), `${JSON.stringify(results, null, 2)}\n`);
  console.log(`\nWritten to bench/results.json (${results.seconds} s).`);
}

main().catch(async (error) => {
  console.error(error);
  await teardown().catch(() => undefined);
  process.exit(1);
});
