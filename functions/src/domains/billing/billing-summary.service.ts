import { billingConnector } from "../../connectors/billing/connection";
import {
  type BillingSummary,
  type BillingSummaryDoc,
  billingSummariesOf,
  billingSummariesViewedSince,
  saveBillingSummaries,
  type UtilityAccountIds,
} from "../../data/billing-summaries";
import { text } from "../../data/fields";
import { PromiseCache } from "../../platform/cache";

/** A stored summary younger than this answers a view without asking the billing system. */
export const SUMMARY_FRESH_MS = 10 * 60_000;
/** Accounts viewed within this window are "recently viewed": the billing-refresh job keeps them fresh. */
export const RECENTLY_VIEWED_MS = 24 * 60 * 60_000;
/** A view re-marks an account at most this often (the dashboard re-polls every 3 minutes). */
const VIEW_MARK_MS = 5 * 60_000;
/** The job asks the billing system about this many accounts at a time. */
const REFRESH_CONCURRENCY = 5;

const keyOf = (account: UtilityAccountIds) => `${account.customerId}-${account.locationId}`;

/** What the billing system says an account owes now (its lookup). */
export async function lookUpSummary(account: UtilityAccountIds): Promise<BillingSummary> {
  const lookup = await billingConnector().lookupAccount(keyOf(account));
  const found = lookup.OutputParms.ErrorCode === "0000";
  return {
    customerId: account.customerId,
    locationId: account.locationId,
    found,
    amountDueCents: found ? lookup.OutputParms.AmountDueWithoutPendingCents : 0,
    dueDate: found ? text(lookup.OutputParms.DueDateOfLastBill) : null,
  };
}

/**
 * Concurrent views of one account in an instance share one lookup (the dashboard and the account
 * page ask at once). Short-lived on purpose: the stored summary, which the job refreshes in
 * another process, is the cache that matters; a long-lived copy here would hide its refreshes.
 */
const lookups = new PromiseCache<string, BillingSummary>({ ttlMs: 2_000, max: 5000 });

const isFresh = (
  stored: BillingSummaryDoc | undefined,
  nowMs: number,
  windowMs: number,
  field: "refreshedAt" | "viewedAt",
) => Boolean(stored?.[field] && nowMs - (stored[field]?.toMillis() ?? 0) < windowMs);

/**
 * The summaries of the accounts a user is looking at: a stored one while fresh, else the billing
 * system's (then stored). Records the view, so the billing-refresh job keeps the account fresh.
 */
export async function summariesForView(
  accounts: readonly UtilityAccountIds[],
  nowMs = Date.now(),
): Promise<BillingSummary[]> {
  const stored = await billingSummariesOf(accounts);
  const writes: Parameters<typeof saveBillingSummaries>[0][number][] = [];
  const summaries = await Promise.all(
    accounts.map(async (account): Promise<BillingSummary> => {
      const saved = stored.get(keyOf(account));
      const viewed = !isFresh(saved, nowMs, VIEW_MARK_MS, "viewedAt");
      if (saved && isFresh(saved, nowMs, SUMMARY_FRESH_MS, "refreshedAt")) {
        if (viewed) writes.push({ account, viewed });
        return {
          customerId: account.customerId,
          locationId: account.locationId,
          found: saved.found,
          amountDueCents: saved.amountDueCents,
          dueDate: saved.dueDate,
        };
      }
      const summary = await lookups.get(keyOf(account), () => lookUpSummary(account));
      writes.push({ account, summary, viewed: true });
      return summary;
    }),
  );
  await saveBillingSummaries(writes, nowMs);
  return summaries;
}

/**
 * The billing-refresh job (spec 2 "Billing refresh"): asks the billing system again about every
 * account viewed in the last day and stores the answers. It asks directly, never through an
 * instance's cache. An account the billing system fails on keeps its old summary until next run.
 */
export async function refreshViewedSummaries(nowMs = Date.now()): Promise<{ refreshed: number; failed: number }> {
  const viewed = await billingSummariesViewedSince(nowMs - RECENTLY_VIEWED_MS);
  let refreshed = 0;
  let failed = 0;
  for (let start = 0; start < viewed.length; start += REFRESH_CONCURRENCY) {
    const chunk = viewed.slice(start, start + REFRESH_CONCURRENCY);
    const answers = await Promise.allSettled(chunk.map((account) => lookUpSummary(account)));
    const writes = answers.flatMap((answer, index) => {
      const account = chunk[index];
      if (answer.status !== "fulfilled" || !account) return [];
      return [{ account: { customerId: account.customerId, locationId: account.locationId }, summary: answer.value }];
    });
    await saveBillingSummaries(writes, Date.now());
    refreshed += writes.length;
    failed += chunk.length - writes.length;
  }
  return { refreshed, failed };
}
