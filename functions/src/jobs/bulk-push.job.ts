import type { Job } from "./job";

/**
 * Sends queued bulk push notifications and resumes interrupted ones (spec 3 bulk push; DESIGN.md
 * scheduled functions). POST /api/notifications/bulk only queues; this job fans out.
 */
export const bulkPushJob: Job = {
  name: "bulk-push",
  everyMs: 10_000,
  schedule: "every 1 minutes",
  run: async (signal) => (await import("../domains/bulk-notifications/bulk-send.service")).runBulkSends({ signal }),
};
