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
