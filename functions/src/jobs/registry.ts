import { billingRefreshJob } from "./billing-refresh.job";
import { bulkPushJob } from "./bulk-push.job";
import { caseUpdatesJob } from "./case-updates.job";
import { delinquencySendJob } from "./delinquency-send.job";
import { garbageRemindersJob } from "./garbage-reminders.job";
import type { Job } from "./job";
import { outboxJob } from "./outbox.job";
import { paymentsReconcileJob } from "./payments-reconcile.job";
import { userSearchBackfillJob } from "./user-search-backfill.job";

/** The job type lives in job.ts (the job modules import it from there, not from this list of them). */
export type { Job } from "./job";

/** Every job. Later features (billing refresh, bulk sends, maintenance windows) add theirs. */
export const JOBS: Job[] = [
  // Form submissions, additional information, reports and zoning inquiries: one runner.
  outboxJob,
  paymentsReconcileJob,
  bulkPushJob,
  delinquencySendJob,
  garbageRemindersJob,
  // Issue 17: the users administration search's fields of users written before it.
  userSearchBackfillJob,
  // Issue 13: billing refresh.
  billingRefreshJob,
  // Issues 29 and 33: case status changes by the person's channels, and "Is it fixed?".
  caseUpdatesJob,
];

/** The job's function name inside the `jobs` group: form-submissions -> formSubmissions. */
export function jobFunctionName(job: Pick<Job, "name">): string {
  return job.name.replace(/-(\w)/g, (_, letter: string) => letter.toUpperCase());
}
