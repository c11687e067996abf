import { deliverPendingSubmissions } from "../domains/catalogue/form-submissions.service";
import type { Job } from "./registry";

/** Sends embedded-form submissions the CRM could not take at submit time (DESIGN.md outbox). */
export const formSubmissionsJob: Job = {
  name: "form-submissions",
  everyMs: 60_000,
  schedule: "every 1 minutes",
  run: deliverPendingSubmissions,
};
