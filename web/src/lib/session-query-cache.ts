import { dehydrate, hydrate, type Query, type QueryClient } from "@tanstack/react-query";
import { readStoredJson, removeStored, writeStored } from "@/lib/web-storage";

/**
 * Shell data (flags, languages, alerts, maintenance...) is fetched once per browser session: the
 * queries whose options carry `meta: { persist: "session" }` are saved in sessionStorage when they
 * succeed and put back in the cache on the next page load of the tab, with the time they were
 * fetched, so each query's staleTime still decides when it is asked again.
 */
const STORAGE_KEY = "portal.sessionQueries.v1";

export const persistForSession = { persist: "session" } as const;

const isPersisted = (query: Query) => query.meta?.persist === "session" && query.state.status === "success";

/** Restores the saved shell queries into `queryClient` and keeps saving them; returns the unsubscribe. */
export function keepShellQueriesForSession(queryClient: QueryClient): () => void {
  const saved = readStoredJson("session", STORAGE_KEY);
  if (saved) {
    try {
      hydrate(queryClient, saved);
    } catch {
      removeStored("session", STORAGE_KEY);
    }
  }
  let saveQueued = false;
  const save = () => {
    saveQueued = false;
    // Storage full or refused: the shell data is fetched again on the next page load.
    writeStored("session", STORAGE_KEY, JSON.stringify(dehydrate(queryClient, { shouldDehydrateQuery: isPersisted })));
  };
  return queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== "updated" || event.action.type !== "success") return;
    if (event.query.meta?.persist !== "session") return;
    // Several shell queries land together at start: one write for the batch.
    if (saveQueued) return;
    saveQueued = true;
    setTimeout(save, 0);
  });
}
