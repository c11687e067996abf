import type { BillingHistoryResponse } from "@contract/billing-records";
import { screen } from "@testing-library/react";
import { createMemoryRouter } from "react-router-dom";
import { describe, expect, it } from "vitest";
import { i18n } from "@/lib/i18n";
import en from "@/locales/en.json";
import es from "@/locales/es.json";
import { fakeAuth, renderWithAppProviders } from "@/testing/fake-auth";
import { type FakeRoute, fakeFetch, json } from "@/testing/fake-fetch";
import { BillingRecords } from "../components/billing-records";

/**
 * Spec 2 §2 water bill records, the items the audit (shared/audits/spec-2-items.md) found untested
 * in the page: the delinquency banners (S19b) and the empty state 'No upcoming bills found' (X19).
 * The seeded resident is not delinquent, so the browser journey (browser/billing) never sees a banner.
 */

const history = (overrides: Partial<BillingHistoryResponse>): BillingHistoryResponse => ({
  historyMonthly: [],
  totalAmountDueCents: 0,
  accountDelinquentStatuses: [],
  bills: [],
  ...overrides,
});

const answering =
  (body: BillingHistoryResponse): FakeRoute =>
  ({ url }) =>
    new URL(url, "http://portal.test").pathname === "/api/naviline/getbillinghistory" ? json(body) : undefined;

const maintenance: FakeRoute = ({ url }) =>
  new URL(url, "http://portal.test").pathname === "/api/paymentMaintenanceInfo"
    ? json({ maintenanceWarningAlert: null, maintenanceSettings: null, onlineBillPayEnabled: true })
    : undefined;

const render = () =>
  renderWithAppProviders(
    fakeAuth("onboarded"),
    createMemoryRouter([{ path: "/", element: <BillingRecords organizationId="personal" /> }]),
  );

describe("water bill records (spec 2 §2, §8)", () => {
  const delinquent = history({
    totalAmountDueCents: 12_450,
    accountDelinquentStatuses: [
      { type: "Shut-off notice", amountCents: 12_450, date: "2026-10-15", accountNumber: "100007331-200004099" },
      { type: "Late notice", amountCents: 4_000, date: "2026-11-02", accountNumber: "100009999-200009999" },
    ],
    bills: [],
  });

  it("shows one delinquency banner per past-due status, with its account, amount, date and type (S19b)", async () => {
    fakeFetch(answering(delinquent), maintenance);
    render();
    const banners = await screen.findAllByRole("heading", { name: en.Billing.DelinquentTitle });
    expect(banners).toHaveLength(2);
    expect(banners[0]?.parentElement?.textContent).toContain(
      "Account 100007331-200004099 owes $124.50 past due since 10/15/2026 (Shut-off notice).",
    );
    expect(banners[1]?.parentElement?.textContent).toContain(
      "Account 100009999-200009999 owes $40.00 past due since 11/02/2026 (Late notice).",
    );
  });

  it("the banners in Spanish", async () => {
    await i18n.changeLanguage("es");
    fakeFetch(answering(delinquent), maintenance);
    render();
    const banners = await screen.findAllByRole("heading", { name: es.Billing.DelinquentTitle });
    expect(banners).toHaveLength(2);
    expect(banners[0]?.parentElement?.textContent).toContain("La cuenta 100007331-200004099 debe $124.50 vencidos");
  });

  it("no banner for an account in good standing", async () => {
    fakeFetch(answering(history({ totalAmountDueCents: 3898 })), maintenance);
    render();
    await screen.findByText(en.Billing.TotalDue);
    expect(screen.queryByRole("heading", { name: en.Billing.DelinquentTitle })).toBeNull();
  });

  it("an amount due without bills says 'No upcoming bills found' (X19), in English and Spanish", async () => {
    expect(en.DashboardHome.NoUpcomingBills).toBe("No upcoming bills found");
    fakeFetch(answering(history({ totalAmountDueCents: 3898 })), maintenance);
    const view = render();
    await screen.findByText(en.DashboardHome.NoUpcomingBills);
    view.unmount();
    await i18n.changeLanguage("es");
    render();
    await screen.findByText(es.DashboardHome.NoUpcomingBills);
  });
});
