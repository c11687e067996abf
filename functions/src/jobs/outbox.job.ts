import type { Job } from "./job";

/**
 * Delivers what waits in the outbox (DESIGN.md): form submissions, additional information,
 * problem reports and zoning inquiries the CRM could not take at once, retried with backoff, and
 * deliveries whose instance died (expired claims). domains/outbox/outbox-runner.ts.
 */
export const outboxJob: Job = {
  name: "outbox",
  everyMs: 60_000,
  schedule: "every 1 minutes",
  // Loaded when the job runs: every function loads the job list, only the job's instance needs its code.
  run: async () => (await import("../domains/outbox/outbox.service")).deliverDueOutbox(),
};
