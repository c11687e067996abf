import type { Job } from "./job";

/** Sends queued delinquency batches (spec 3 delinquency flow); POST /api/notifications/delinquencies only queues. */
export const delinquencySendJob: Job = {
  name: "delinquency-send",
  everyMs: 10_000,
  schedule: "every 1 minutes",
  run: async () => (await import("../domains/delinquency/delinquency.service")).runDelinquencySends(),
};
