import type { HttpsOptions } from "firebase-functions/v2/https";
import type { ScheduleOptions } from "firebase-functions/v2/scheduler";
import { SECRETS } from "./platform/params";

/**
 * What each deployed function gets: the secrets its code reads (and no others), and its resources.
 * `function-options.test.ts` checks the secrets against each function's code, and the deploy check
 * (`tests/deploy`) against what firebase-tools' discovery finds in the built package. The sizes
 * come from measurements: README "Resources" says how each was taken.
 */

const crm = [SECRETS.CRM_PASSWORD, SECRETS.CRM_CLIENT_SECRET];
const billing = [SECRETS.BILLING_API_KEY];
const payments = [SECRETS.PAYMENTS_GATEWAY_TRANSACTION_KEY, SECRETS.CORE_API_KEY];
const forms = [SECRETS.FORMS_API_KEY];
const boxes = [SECRETS.BOX_CLIENT_SECRET];
const gis = [SECRETS.GIS_TOKEN];
const sso = [SECRETS.SSO_IDP_PRIVATE_KEY];
const sms = [SECRETS.SMS_ACCOUNT_SID, SECRETS.SMS_AUTH_TOKEN];
const mail = [SECRETS.MAIL_SMTP_PASSWORD];

/**
 * An API function's instance: one vCPU serving up to 80 requests at once (concurrency above 1 needs a
 * whole CPU), a minute per request (the slowest route waits on a city system's 10 s timeouts). No
 * instance kept warm (minInstances 0: the city pays for none idle); at most 20, 1,600 requests at once.
 */
const api = { cpu: 1, concurrency: 80, timeoutSeconds: 60, minInstances: 0, maxInstances: 20 } as const;

/**
 * Each HTTPS function (one per route table of `route-loaders.ts`) by name. Memory: the smallest size
 * at least twice the function's peak RSS in `npm run bench` (README "Resources"); users also re-encodes
 * profile pictures with sharp (four 12-megapixel photos at once peaked at 507 MB).
 */
export const HTTPS_FUNCTION_OPTIONS: Record<string, HttpsOptions> = {
  // The console's assisted report (issue 31) checks its place and asset against the GIS.
  users: { ...api, memory: "1GiB", secrets: [...crm, ...billing, ...payments, ...sso, ...sms, ...mail, ...gis] },
  catalogue: { ...api, memory: "512MiB", secrets: [...crm, ...forms] },
  // A report filed late tells its case number by the resident's channels (reports.service, read by the
  // case pages here and in public): the mail and text senders are in these functions' code.
  salesforce: { ...api, memory: "512MiB", secrets: [...crm, ...billing, ...mail, ...sms] },
  // "NOT FIXED" texts (issue 29) reopen the case in the CRM.
  notifications: { ...api, memory: "1GiB", secrets: [...crm, ...billing, ...payments, ...sms, ...mail] },
  payment: { ...api, memory: "512MiB", secrets: [...crm, ...billing, ...payments, ...forms, ...mail, ...sms] },
  naviline: { ...api, memory: "512MiB", secrets: [...billing, ...payments] },
  maintenance: { ...api, memory: "256MiB", secrets: [] },
  public: { ...api, memory: "512MiB", secrets: [...crm, ...billing, ...boxes, ...mail, ...sms] },
  // Report photos are decoded with sharp: ten 99-MP PNGs in one report took +219 MB over the process
  // (node scripts/measure-report-photo-memory.mjs), about 324 MB with the function's own 105 MB.
  reports: { ...api, memory: "1GiB", secrets: [...crm, ...gis, ...mail, ...sms] },
};

/**
 * A job's instance: one run at a time (maxInstances 1, concurrency 1), as the local scheduler never
 * overlaps a job with itself; Cloud Scheduler's call while a run goes on is refused and not retried
 * (retryCount 0), and the next minute's call starts again. Each job resumes unfinished work, so a run
 * cut by its timeout loses nothing.
 */
const job = { cpu: 1, concurrency: 1, minInstances: 0, maxInstances: 1, timeoutSeconds: 540 } as const;

/**
 * The sends to everyone run up to the scheduled maximum, 30 minutes: a bulk push to 100,000 devices
 * took 14 minutes here on a loaded machine (npm run bench -- --only=bulk-send, killed and resumed
 * once), its process's RSS peaking at 239 MB with the heap capped at 384 MB; uncapped, the heap grew
 * to 510 MB. 1 GiB holds either with room to spare.
 */
const send = { ...job, timeoutSeconds: 1800 } as const;

/** Each scheduled job (jobs/registry.ts) by its name there. */
export const JOB_OPTIONS: Record<string, Omit<ScheduleOptions, "schedule">> = {
  // 152 MB peak sending 10,000 emails (npm run bench -- --only=emails, 2026-11-28 17:05): twice that is 512 MiB.
  outbox: { ...job, memory: "512MiB", secrets: [...crm, ...forms, ...mail, ...sms] },
  "payments-reconcile": { ...job, memory: "256MiB", secrets: [...crm, ...billing, ...payments, ...mail, ...sms] },
  // Its in-app messages go through the message service, whose email and text senders it loads.
  "bulk-push": { ...send, memory: "1GiB", secrets: [...billing, ...payments, ...mail, ...sms] },
  "delinquency-send": { ...send, memory: "512MiB", secrets: [...billing, ...mail, ...sms] },
  "garbage-reminders": { ...job, memory: "512MiB", secrets: [] },
  "user-search-backfill": { ...job, memory: "512MiB", secrets: [] },
  "billing-refresh": { ...job, memory: "256MiB", secrets: [...billing] },
  // Reads a page of 200 status changes and sends a few messages each: the size of the smallest jobs.
  "case-updates": { ...job, memory: "256MiB", secrets: [...crm, ...mail, ...sms] },
};
