// Writes tests/stack-durations.json, the seconds each API and browser test file took, from the JSON reports the
// last `npm test` left in .portal/stack-results-*.json (one per stack shard). The stack config's sequencer
// (tests/kit/duration-sequencer.ts) splits the files into shards of equal time with it. Run it after a whole
// `npm test` when the two shards' times drift apart (the summary prints each shard's seconds).
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";

const root = join(import.meta.dirname, "..");
const reports = readdirSync(join(root, ".portal")).filter((name) => /^stack-results-\d+\.json$/.test(name));
if (reports.length === 0) {
  console.error("No .portal/stack-results-*.json: run `npm test` first.");
  process.exit(1);
}
const durations = {};
for (const report of reports) {
  const { testResults } = JSON.parse(readFileSync(join(root, ".portal", report), "utf8"));
  for (const { name, startTime, endTime } of testResults) {
    durations[relative(join(root, "tests"), name)] = Math.round((endTime - startTime) / 100) / 10;
  }
}
const sorted = Object.fromEntries(Object.entries(durations).sort(([a], [b]) => (a < b ? -1 : 1)));
writeFileSync(join(root, "tests", "stack-durations.json"), `${JSON.stringify(sorted, null, 2)}\n`);
console.log(`tests/stack-durations.json: ${Object.keys(sorted).length} files, ${reports.length} reports`);
