import { dehydrate, hydrate, type Query, type QueryClient } from "@tanstack/react-query";

/**
 * Shell data (flags, languages, alerts, maintenance...) is fetched once per browser session: the
 * queries whose options carry `meta: { persist: "session" }` are saved in sessionStorage when they
 * succeed and put back in the cache on the next page load of the tab, with the time they were
 * fetched, so each query's staleTime still decides when it is asked again.
 */
const STORAGE_KEY = "portal.sessionQueries.v1";

export const persistForSession = { persist: "session" } as const;

const isPersisted = (query: Query) => query.meta?.persist === "session" && query.state.status === "success";

function read(): unknown {
  try {
    const raw = window.sessionStorage.getItem(STORAGE_KEY);
    return raw ? JSON.parse(raw) : null;
  } catch {
    return null;
  }
}

/** Restores the saved shell queries into `queryClient` and keeps saving them; returns the unsubscribe. */
export function keepShellQueriesForSession(queryClient: QueryClient): () => void {
  const saved = read();
  if (saved) {
    try {
      hydrate(queryClient, saved);
    } catch {
      window.sessionStorage.removeItem(STORAGE_KEY);
    }
  }
  let saveQueued = false;
  const save = () => {
    saveQueued = false;
    try {
      const state = dehydrate(queryClient, { shouldDehydrateQuery: isPersisted });
      window.sessionStorage.setItem(STORAGE_KEY, JSON.stringify(state));
    } catch {
      // Storage full or refused: the shell data is fetched again on the next page load.
    }
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
