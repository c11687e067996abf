import { Timestamp } from "firebase-admin/firestore";
import { USER_SEARCH_FIELDS_VERSION } from "../../contract/admin-users";
import { readJobState, writeJobState } from "../../data/job-state";
import { backfillUserSearchFieldsPage } from "../../data/users";

export const USER_SEARCH_BACKFILL = "user-search-backfill";

export interface BackfillOptions {
  /** Users read per page (one batch of writes per page). */
  pageSize?: number;
  /** Stop after this many pages; the next run resumes after the last one. */
  maxPages?: number;
  /** Stop starting pages after this long (a scheduled function has a time limit). */
  budgetMs?: number;
}

export interface BackfillRun {
  /** True when this version was already finished: nothing was read. */
  alreadyDone: boolean;
  finished: boolean;
  scanned: number;
  written: number;
}

/**
 * Gives every users/{uid} the administration search's fields (searchKeys and the sort fields of
 * contract/admin-users.ts) where they are missing or stale: users written before the search
 * existed, or before USER_SEARCH_FIELDS_VERSION changed. Every writer keeps them current from then
 * on (data/users.ts mergeUser), so once a version is finished later runs read one document. Pages
 * in id order, one batch per page, resumable (jobs/user-search-backfill), idempotent.
 */
export async function backfillUserSearchFields(options: BackfillOptions = {}): Promise<BackfillRun> {
  const { pageSize = 400, maxPages = Number.POSITIVE_INFINITY, budgetMs = 45_000 } = options;
  const started = Date.now();
  const stored = await readJobState(USER_SEARCH_BACKFILL);
  const current = stored?.version === USER_SEARCH_FIELDS_VERSION ? stored : undefined;
  if (current?.finishedAt) return { alreadyDone: true, finished: true, scanned: 0, written: 0 };
  let after = current?.after ?? null;
  let scanned = current?.scanned ?? 0;
  let written = current?.written ?? 0;
  const run = { scanned: 0, written: 0 };
  for (let pages = 0; pages < maxPages && Date.now() - started < budgetMs; pages++) {
    const page = await backfillUserSearchFieldsPage(after, pageSize);
    run.scanned += page.scanned;
    run.written += page.updated;
    scanned += page.scanned;
    written += page.updated;
    const finished = page.scanned < pageSize;
    after = finished ? null : page.last;
    await writeJobState(USER_SEARCH_BACKFILL, {
      version: USER_SEARCH_FIELDS_VERSION,
      after,
      finishedAt: finished ? Timestamp.now() : null,
      scanned,
      written,
    });
    if (finished) return { alreadyDone: false, finished: true, ...run };
  }
  return { alreadyDone: false, finished: false, ...run };
}
