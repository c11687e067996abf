import { type ChildProcess, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { functionNodeBinary } from "../../emulators/src/launcher/function-node.ts";
import { JOB_HEAP_LIMIT } from "../../emulators/src/launcher/scheduler.ts";
import { repoRoot } from "../kit/stack-info.ts";

export interface JobRunner {
  child: ChildProcess;
  /** The process's peak resident memory so far (VmHWM), in kB. */
  peakKb: () => number;
  exited: Promise<void>;
}

/**
 * A job runner process for the named jobs (`functions/lib/jobs/local-runner.js`, as the launcher's
 * scheduler starts it, on production's Node and heap limit), its output collected in `log`, its
 * peak memory sampled every 200 ms.
 */
export function startJobRunner(jobs: string[], log: string[], env: NodeJS.ProcessEnv): JobRunner {
  const child = spawn(
    functionNodeBinary(),
    [JOB_HEAP_LIMIT, join(repoRoot, "functions", "lib", "jobs", "local-runner.js"), ...jobs],
    { cwd: repoRoot, env, stdio: ["ignore", "pipe", "pipe"] },
  );
  child.stdout?.on("data", (chunk: Buffer) => log.push(chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => log.push(chunk.toString()));
  let peak = 0;
  const sample = () => {
    try {
      const status = readFileSync(`/proc/${child.pid}/status`, "utf8");
      peak = Math.max(peak, Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1] ?? 0));
    } catch {
      // Gone: the last sample stands.
    }
  };
  const timer = setInterval(sample, 200);
  const exited = new Promise<void>((resolve) =>
    child.once("exit", () => {
      clearInterval(timer);
      resolve();
    }),
  );
  return {
    child,
    peakKb: () => {
      sample();
      return peak;
    },
    exited,
  };
}
