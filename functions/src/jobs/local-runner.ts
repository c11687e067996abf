/**
 * The local stand-in for Cloud Scheduler and the jobs' instances: `node functions/lib/jobs/local-runner.js
 * [job names]` runs the jobs (every one, or those named) at start and then on their intervals, in its
 * own process, as each scheduled function runs in its own instance in production. The launcher's
 * scheduler starts it and starts it again when it dies; the bulk-send bench kills it midway.
 *
 * SIGTERM (how Cloud Run and the launcher stop an instance) aborts the running jobs' signal: a job
 * finishes its step under way (a bulk send, its page), and the process exits once they returned.
 */
import { documentsRead, meteringReads } from "../data/read-meter";
import type { Job } from "./job";
import { JOBS } from "./registry";

const names = process.argv.slice(2).filter((arg) => !arg.startsWith("-"));
const jobs = names.length > 0 ? JOBS.filter((job) => names.includes(job.name)) : JOBS;
const unknown = names.filter((name) => !JOBS.some((job) => job.name === name));
if (unknown.length > 0) {
  console.error(`Unknown jobs: ${unknown.join(", ")} (known: ${JOBS.map((job) => job.name).join(", ")})`);
  process.exit(2);
}

const stop = new AbortController();
const running = new Map<string, Promise<void>>();
const timers: NodeJS.Timeout[] = [];

/** Runs a job unless its previous run is still going (a schedule never overlaps itself here). */
function tick(job: Job): void {
  if (stop.signal.aborted || running.has(job.name)) return;
  // Each run counts its own Firestore reads (data/read-meter.ts); the bulk-send bench reads this line.
  const run = meteringReads(async () => {
    const started = Date.now();
    await job.run(stop.signal);
    console.log(`Job ${job.name} run: ${Date.now() - started} ms, ${documentsRead()} documents read`);
  })
    .catch((error: unknown) => {
      console.error(
        `Job ${job.name} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
      );
    })
    .finally(() => running.delete(job.name));
  running.set(job.name, run);
}

for (const job of jobs) {
  tick(job);
  timers.push(setInterval(() => tick(job), job.everyMs));
}
console.log(`Jobs (pid ${process.pid}): ${jobs.map((job) => job.name).join(", ")}`);

const shutDown = async () => {
  if (stop.signal.aborted) return;
  stop.abort();
  for (const timer of timers) clearInterval(timer);
  await Promise.all(running.values());
  process.exit(0);
};
process.on("SIGTERM", () => void shutDown());
process.on("SIGINT", () => void shutDown());
