import { formSubmissionsJob } from "./form-submissions.job";

/** A scheduled job: a plain module called by its onSchedule wrapper in production and by the local scheduler. */
export interface Job {
  name: string;
  /** Interval in ms for the local scheduler; the production schedule is on the onSchedule wrapper. */
  everyMs: number;
  run: () => Promise<unknown>;
}

/** Every job. Later features (billing refresh, bulk sends, maintenance windows) add theirs. */
export const JOBS: Job[] = [formSubmissionsJob];
