import type { Job } from "./job";

/** Sends embedded-form submissions the CRM could not take at submit time (DESIGN.md outbox). */
export const formSubmissionsJob: Job = {
  name: "form-submissions",
  everyMs: 60_000,
  schedule: "every 1 minutes",
  // Loaded when the job runs: every function loads the job list, only the job's instance needs its code.
  run: async () => (await import("../domains/forms/form-submissions.service")).deliverPendingSubmissions(),
};
