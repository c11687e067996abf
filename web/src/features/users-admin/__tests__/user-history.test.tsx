import type { UserEventRow } from "@contract/admin-users";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { i18n } from "@/lib/i18n";
import en from "@/locales/en.json";
import es from "@/locales/es.json";
import { fakeFetch, json } from "@/testing/fake-fetch";
import { ActivityHistory, PaymentHistory } from "../components/user-history";

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

describe("a user with no payments and no activity (spec 3 §2: audit item V06)", () => {
  it.each([
    ["en", en, "No payment data available for Maria Lopez.", "No activity data available for Maria Lopez."],
    [
      "es",
      es,
      "No hay datos de pagos disponibles para Maria Lopez.",
      "No hay datos de actividad disponibles para Maria Lopez.",
    ],
  ] as const)(
    "says 'no payment data available' and 'no activity data available' with the user's name (%s)",
    async (language, texts, noPayments, noActivity) => {
      fakeFetch(({ url }) =>
        url.startsWith("/api/users/payment-history/") || url.startsWith("/api/users/activity-history/")
          ? json([])
          : undefined,
      );
      await i18n.changeLanguage(language);
      render(
        <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
          <PaymentHistory userId="u1" who="Maria Lopez" />
          <ActivityHistory userId="u1" who="Maria Lopez" />
        </QueryClientProvider>,
      );
      expect((await screen.findByText(noPayments)).tagName).toBe("P");
      expect((await screen.findByText(noActivity)).tagName).toBe("P");
      expect(texts.UsersAdmin.NoPaymentData.replace("{{who}}", "Maria Lopez")).toBe(noPayments);
      expect(texts.UsersAdmin.NoActivityData.replace("{{who}}", "Maria Lopez")).toBe(noActivity);
      expect(screen.queryByRole("table")).toBeNull();
    },
  );
});
