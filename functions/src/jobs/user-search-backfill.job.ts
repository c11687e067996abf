import type { Job } from "./job";

/**
 * Writes the administration search's fields of users written before they existed (or before their
 * version changed), a page at a time, resuming where the last run stopped; once finished, a run
 * reads one document (domains/users-admin/user-search-backfill.service.ts).
 */
export const userSearchBackfillJob: Job = {
  name: "user-search-backfill",
  everyMs: 60 * 60_000,
  schedule: "every 60 minutes",
  run: async () => (await import("../domains/users-admin/user-search-backfill.service")).backfillUserSearchFields(),
};
