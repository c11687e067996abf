import type { UserEventRow } from "@contract/admin-users";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import { afterEach, expect, it, vi } from "vitest";
import { fakeFetch, json } from "@/testing/fake-fetch";
import { ActivityHistory } from "../components/user-history";

const event = (overrides: Partial<UserEventRow>): UserEventRow => ({
  Id: "e1",
  Event: "CreateActivity",
  CreatedAt: "2026-11-28T16:00:00.000Z",
  ipAddress: null,
  userAgent: "",
  platform: "web",
  Action: "REPORT",
  Item: null,
  ItemName: "Missed Collection",
  ItemKey: "Report.Types.missedCollection",
  Data: null,
  ...overrides,
});

afterEach(() => vi.unstubAllGlobals());

it("names the app that filed a report through Open311, and only then (issue 30)", async () => {
  fakeFetch(({ url }) =>
    url.startsWith("/api/users/activity-history/")
      ? json([
          event({ Id: "app", Data: { reportId: "r1", type: "missedCollection", filedBy: "FixMyStreet" } }),
          event({ Id: "web", Data: { reportId: "r2", type: "missedCollection" } }),
        ])
      : undefined,
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <ActivityHistory userId="u1" who="Maria" />
    </QueryClientProvider>,
  );
  expect(await screen.findByText(/filed by FixMyStreet through Open311/)).toBeTruthy();
  expect(screen.getAllByText(/Open311/)).toHaveLength(1);
});
