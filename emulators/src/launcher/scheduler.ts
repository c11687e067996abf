import { createRequire } from "node:module";
import { join } from "node:path";
import { repoRoot } from "./stack-files.ts";

interface Job {
  name: string;
  everyMs: number;
  run: () => Promise<unknown>;
}

/**
 * Scheduled functions don't fire in the Functions emulator without Pub/Sub, so locally the launcher
 * runs each job module (the same one its onSchedule wrapper calls) on its interval.
 */
export function startScheduler(say: (message: string) => void): () => Promise<void> {
  const require = createRequire(import.meta.url);
  const { JOBS } = require(join(repoRoot, "functions", "lib", "jobs", "registry.js")) as { JOBS: Job[] };
  const timers = JOBS.map((job) =>
    setInterval(() => {
      job
        .run()
        .catch((error: unknown) =>
          say(`Job ${job.name} failed: ${error instanceof Error ? error.message : String(error)}`),
        );
    }, job.everyMs),
  );
  if (JOBS.length > 0) say(`Scheduler: ${JOBS.map((job) => job.name).join(", ")}`);
  return async () => {
    for (const timer of timers) clearInterval(timer);
  };
}
