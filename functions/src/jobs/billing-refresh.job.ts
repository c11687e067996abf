import type { Job } from "./job";

/**
 * Keeps the stored billing summaries of recently viewed water accounts fresh (spec 2 "Billing
 * refresh"; domains/billing/billing-summary.service.ts), so the dashboard, which re-polls every
 * 180000 ms, reads them from Firestore instead of asking the billing system on every view.
 */
export const billingRefreshJob: Job = {
  name: "billing-refresh",
  everyMs: 5 * 60_000,
  schedule: "every 5 minutes",
  run: async () => (await import("../domains/billing/billing-summary.service")).refreshViewedSummaries(),
};
