import { type ChildProcess, spawn } from "node:child_process";
import { rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Ports } from "../ports.ts";
import { functionNodeBinary } from "./function-node.ts";
import { repoRoot, stackDir } from "./stack-files.ts";

/** The job runner's pid, for whoever must stop it like a crash would (the bulk-send bench). */
/**
 * The job runner's V8 old-space limit, as on a 512 MB instance (the bulk-send goal), leaving room
 * for code, buffers and the young generation. Uncapped on this 24 GB machine, V8 let the bulk send's
 * heap grow to a 510 MB peak; capped, the same send peaked at 247 MB (npm run bench -- --only=bulk-send).
 */
export const JOB_HEAP_LIMIT = "--max-old-space-size=384";

export const jobsPidFile = (ports: Ports) => join(stackDir(ports), "jobs.pid");

/**
 * Scheduled functions don't fire in the Functions emulator without Pub/Sub, so locally the launcher
 * runs the job modules (the ones their onSchedule wrappers call) in a process of their own,
 * `functions/lib/jobs/local-runner.js`, as each runs in its own instance in production. When that
 * process dies (a crash, a kill), it is started again a second later, and it resumes the jobs'
 * unfinished work at once, as the next scheduled run would.
 */
export function startScheduler(say: (message: string) => void, ports: Ports): () => Promise<void> {
  let child: ChildProcess | undefined;
  let stopping = false;
  let restart: NodeJS.Timeout | undefined;
  const start = () => {
    const runner = spawn(
      functionNodeBinary(), // the jobs run on production's Node, as the function hosts do
      [JOB_HEAP_LIMIT, join(repoRoot, "functions", "lib", "jobs", "local-runner.js")],
      {
        cwd: repoRoot,
        env: process.env,
        stdio: ["ignore", "inherit", "inherit"],
      },
    );
    child = runner;
    if (runner.pid) writeFileSync(jobsPidFile(ports), `${runner.pid}\n`);
    runner.on("exit", (code, signal) => {
      if (stopping) return;
      say(`Job runner (pid ${runner.pid}) stopped (${signal ?? `exit ${code}`}); starting it again.`);
      restart = setTimeout(start, 1000);
    });
  };
  start();
  say("Scheduler: the job runner in its own process (functions/lib/jobs/local-runner.js)");
  return async () => {
    stopping = true;
    clearTimeout(restart);
    const runner = child;
    if (runner && runner.exitCode === null && runner.signalCode === null) {
      // SIGTERM lets a job finish its step under way; a runner that does not leave in 10 s is killed.
      const exited = new Promise((resolve) => runner.once("exit", resolve));
      runner.kill("SIGTERM");
      const timer = setTimeout(() => runner.kill("SIGKILL"), 10_000);
      await exited;
      clearTimeout(timer);
    }
    rmSync(jobsPidFile(ports), { force: true });
  };
}
