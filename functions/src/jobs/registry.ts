import { additionalInformationJob } from "./additional-information.job";
import { billingRefreshJob } from "./billing-refresh.job";
import { bulkPushJob } from "./bulk-push.job";
import { delinquencySendJob } from "./delinquency-send.job";
import { formSubmissionsJob } from "./form-submissions.job";
import { garbageRemindersJob } from "./garbage-reminders.job";
import type { Job } from "./job";
import { paymentsReconcileJob } from "./payments-reconcile.job";
import { reportsJob } from "./reports.job";
import { userSearchBackfillJob } from "./user-search-backfill.job";
import { zoningInquiriesJob } from "./zoning-inquiries.job";

/** The job type lives in job.ts (the job modules import it from there, not from this list of them). */
export type { Job } from "./job";

/** Every job. Later features (billing refresh, bulk sends, maintenance windows) add theirs. */
export const JOBS: Job[] = [
  formSubmissionsJob,
  additionalInformationJob,
  paymentsReconcileJob,
  reportsJob,
  zoningInquiriesJob,
  bulkPushJob,
  delinquencySendJob,
  garbageRemindersJob,
  // Issue 17: the users administration search's fields of users written before it.
  userSearchBackfillJob,
  // Issue 13: billing refresh.
  billingRefreshJob,
];

/** The job's function name inside the `jobs` group: form-submissions -> formSubmissions. */
export function jobFunctionName(job: Pick<Job, "name">): string {
  return job.name.replace(/-(\w)/g, (_, letter: string) => letter.toUpperCase());
}
