/**
 * Documents read per request or job run, as the product counts them (functions/src/data/read-meter.ts:
 * what Firestore bills). The emulator answers a query by scanning its collection, so the rows over
 * large collections measure the emulator's scan as much as the product; reads are the figure that
 * carries over to production, where the same query is served from an index.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { repoRoot, stackInfo } from "../kit/stack-info.ts";

const logDir = () => join(repoRoot, ".portal", `stack-${stackInfo().ports.hosting}`);
const functionLogs = () =>
  readdirSync(logDir())
    .filter((name) => /^function-.+\.log$/.test(name))
    .map((name) => join(logDir(), name));

/** Where each function host's log ends now: requests logged after this are the ones measured. */
export function markRequestLogs(): Map<string, number> {
  return new Map(functionLogs().map((file) => [file, statSync(file).size]));
}

export interface ReadsPerRequest {
  requests: number;
  mean: number;
  max: number;
}

/** The dispatcher's `reads` of each answered request to `path` (a prefix) logged since `mark`. */
export function readsPerRequest(mark: Map<string, number>, path: string): ReadsPerRequest {
  const reads: number[] = [];
  for (const file of functionLogs()) {
    const text = readFileSync(file)
      .subarray(mark.get(file) ?? 0)
      .toString("utf8");
    for (const line of text.split("\n")) {
      if (!line.includes('"message":"request"')) continue;
      const entry = JSON.parse(line) as { path?: string; reads?: number };
      if (entry.path?.startsWith(path) && typeof entry.reads === "number") reads.push(entry.reads);
    }
  }
  if (reads.length === 0) throw new Error(`No request to ${path} was logged with its reads`);
  return {
    requests: reads.length,
    mean: Math.round((reads.reduce((sum, n) => sum + n, 0) / reads.length) * 10) / 10,
    max: Math.max(...reads),
  };
}

/** The reads of the local job runner's runs (its "Job <name> run: … N documents read" lines). */
export function jobRunReads(runnerLog: string, job: string): number {
  let total = 0;
  for (const match of runnerLog.matchAll(new RegExp(`Job ${job} run: \\d+ ms, (\\d+) documents read`, "g"))) {
    total += Number(match[1]);
  }
  return total;
}
