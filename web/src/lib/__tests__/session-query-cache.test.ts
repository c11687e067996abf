import { QueryClient } from "@tanstack/react-query";
import { afterEach, describe, expect, it, vi } from "vitest";
import { keepShellQueriesForSession, persistForSession } from "../session-query-cache";

const STORAGE_KEY = "portal.sessionQueries.v1";
const saved = () => JSON.parse(window.sessionStorage.getItem(STORAGE_KEY) ?? "null");

afterEach(() => {
  window.sessionStorage.clear();
  vi.useRealTimers();
});

describe("shell queries kept for the browser session", () => {
  it("saves successful session queries only, and a new page of the tab starts with them, still fresh", async () => {
    const first = new QueryClient();
    keepShellQueriesForSession(first);
    await first.fetchQuery({
      queryKey: ["featureflags", null],
      queryFn: async () => [{ name: "A", enabled: true }],
      meta: persistForSession,
    });
    await first.fetchQuery({ queryKey: ["messages"], queryFn: async () => ["private"] });
    await new Promise((resolve) => setTimeout(resolve, 0));
    const keys = saved().queries.map((query: { queryKey: unknown }) => query.queryKey);
    expect(keys).toEqual([["featureflags", null]]);

    const next = new QueryClient();
    keepShellQueriesForSession(next);
    const queryFn = vi.fn(async () => [{ name: "A", enabled: false }]);
    const flags = await next.fetchQuery({ queryKey: ["featureflags", null], queryFn, staleTime: 60_000 });
    expect(flags).toEqual([{ name: "A", enabled: true }]);
    expect(queryFn).not.toHaveBeenCalled();
    expect(next.getQueryData(["messages"])).toBeUndefined();
  });

  it("asks again once the saved data is older than the query's staleTime", async () => {
    const first = new QueryClient();
    keepShellQueriesForSession(first);
    await first.fetchQuery({ queryKey: ["i18n", "languages"], queryFn: async () => ["en"], meta: persistForSession });
    await new Promise((resolve) => setTimeout(resolve, 0));
    vi.useFakeTimers({ now: Date.now() + 120_000 });
    const next = new QueryClient();
    keepShellQueriesForSession(next);
    const queryFn = vi.fn(async () => ["en", "es"]);
    expect(await next.fetchQuery({ queryKey: ["i18n", "languages"], queryFn, staleTime: 60_000 })).toEqual([
      "en",
      "es",
    ]);
    expect(queryFn).toHaveBeenCalledOnce();
  });

  it("ignores a damaged saved copy", async () => {
    window.sessionStorage.setItem(STORAGE_KEY, "{not json");
    const client = new QueryClient();
    expect(() => keepShellQueriesForSession(client)).not.toThrow();
  });
});
