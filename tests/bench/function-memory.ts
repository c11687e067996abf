import { readFileSync } from "node:fs";
import { stackInfo } from "../kit/stack-info.ts";
import type { BenchRow } from "./table.ts";

/** A process's peak resident memory so far (VmHWM), in MB; null once it is gone. */
export function peakRssMb(pid: number): number | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    return Math.round(Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024);
  } catch {
    return null;
  }
}

/**
 * Each function host's peak resident memory over the whole bench run (every part measured before
 * it: journeys, payments, the API load at 20 connections, pages, the large-collection rows), the
 * figure each function's `memory` in functions/src/function-options.ts is sized from.
 */
export function measureFunctionMemory(): { rows: BenchRow[]; results: Record<string, number> } {
  const info = stackInfo() as ReturnType<typeof stackInfo> & { functions?: Record<string, { pid?: number }> };
  const rows: BenchRow[] = [];
  const results: Record<string, number> = {};
  for (const [name, host] of Object.entries(info.functions ?? {})) {
    const mb = host.pid ? peakRssMb(host.pid) : null;
    if (mb === null) continue;
    results[name] = mb;
    rows.push({
      section: "function memory",
      row: name,
      measure: "peak RSS of its instance over the run",
      value: mb,
      unit: "MB",
    });
  }
  return { rows, results };
}
