import type { Job } from "./job";

/** Files the problem reports residents sent while the CRM was down (DESIGN.md outbox); tells them the case number. */
export const reportsJob: Job = {
  name: "reports",
  everyMs: 60_000,
  schedule: "every 1 minutes",
  // Loaded when the job runs: only the job's instance needs the CRM code.
  run: async () => (await import("../domains/reports/reports.service")).deliverPendingReports(),
};
