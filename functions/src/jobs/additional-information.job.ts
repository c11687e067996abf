import type { Job } from "./job";

/** Sends additional information residents gave while the CRM was down (DESIGN.md outbox). */
export const additionalInformationJob: Job = {
  name: "additional-information",
  everyMs: 60_000,
  schedule: "every 1 minutes",
  // Loaded when the job runs: only the job's instance needs the CRM code.
  run: async () =>
    (await import("../domains/cases/additional-information.service")).deliverPendingAdditionalInformation(),
};
