import type { Job } from "./job";

/**
 * Case updates (issues 29 and 33): each case status change the CRM recorded since the last run, told to
 * the resident and the case's followers by their chosen channels; then each due "Is it fixed?".
 * domains/case-updates/case-updates.service.ts.
 */
export const caseUpdatesJob: Job = {
  name: "case-updates",
  everyMs: 5 * 60_000,
  schedule: "every 5 minutes",
  run: async (signal) => (await import("../domains/case-updates/case-updates.service")).sendCaseUpdates({ signal }),
};
