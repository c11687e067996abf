import { additionalInformationJob } from "./additional-information.job";
import { billingRefreshJob } from "./billing-refresh.job";
import { bulkPushJob } from "./bulk-push.job";
import { delinquencySendJob } from "./delinquency-send.job";
import { formSubmissionsJob } from "./form-submissions.job";
import { garbageRemindersJob } from "./garbage-reminders.job";
import { paymentsReconcileJob } from "./payments-reconcile.job";
import { reportsJob } from "./reports.job";
import { userSearchBackfillJob } from "./user-search-backfill.job";
import { zoningInquiriesJob } from "./zoning-inquiries.job";

/** A scheduled job: a plain module called by its onSchedule wrapper in production and by the local scheduler. */
export interface Job {
  name: string;
  /** Interval in ms for the local scheduler. */
  everyMs: number;
  /** Cloud Scheduler's schedule for the production onSchedule wrapper (App Engine cron syntax). */
  schedule: string;
  /** `signal` is aborted when the process must stop: a job that can stop between steps returns early. */
  run: (signal?: AbortSignal) => Promise<unknown>;
}

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
