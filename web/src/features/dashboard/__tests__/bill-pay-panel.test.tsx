import { screen } from "@testing-library/react";
import { createMemoryRouter } from "react-router-dom";
import { describe, expect, it } from "vitest";
import { i18n } from "@/lib/i18n";
import en from "@/locales/en.json";
import es from "@/locales/es.json";
import { fakeAuth, renderWithAppProviders, testUser } from "@/testing/fake-auth";
import { type FakeRoute, fakeFetch, json } from "@/testing/fake-fetch";
import { BillPayPanel } from "../components/bill-pay-panel";
import { RecentActivity } from "../components/recent-activity";

/**
 * Spec 2 dashboard items the audit (shared/audits/spec-2-items.md) found untested: a user with no
 * billing accounts is linked to /account/{userId} (S25); the empty states 'No upcoming bills found'
 * and Activity.NoRecentActivities (X19).
 */

const answer =
  (pathname: string, body: unknown): FakeRoute =>
  ({ url }) =>
    new URL(url, "http://portal.test").pathname === pathname ? json(body) : undefined;

const noMaintenance = answer("/api/paymentMaintenanceInfo", {
  maintenanceWarningAlert: null,
  maintenanceSettings: null,
  onlineBillPayEnabled: true,
});

function render() {
  const router = createMemoryRouter([
    {
      path: "/",
      element: (
        <>
          <BillPayPanel userId={testUser.Id} organizationId="personal" highlighted={false} />
          <RecentActivity organizationId="personal" />
        </>
      ),
    },
  ]);
  return renderWithAppProviders(fakeAuth("onboarded"), router);
}

describe("the dashboard with no billing accounts and no activities (spec 2 §2 S25, §8 X19)", () => {
  it.each([
    ["en", en],
    ["es", es],
  ] as const)(
    "says no upcoming bills, links to /account/{userId}, and has no recent activities (%s)",
    async (language, texts) => {
      await i18n.changeLanguage(language);
      fakeFetch(
        answer("/api/naviline/paymentInformation", []),
        answer("/api/salesforce/inProgress", { inProgress: [], completed: [] }),
        noMaintenance,
      );
      render();
      expect(await screen.findByText(texts.DashboardHome.NoUpcomingBills)).toBeTruthy();
      const link = screen.getByRole("link", { name: texts.DashboardHome.AddWaterAccount });
      expect(link.getAttribute("href")).toBe(`/account/${testUser.Id}`);
      expect(await screen.findByText(texts.Activity.NoRecentActivities)).toBeTruthy();
      expect(screen.queryByRole("button", { name: texts.DashboardHome.PayBill })).toBeNull();
    },
  );

  it("the spec's empty-state sentences", () => {
    expect(en.DashboardHome.NoUpcomingBills).toBe("No upcoming bills found");
    expect(en.Activity.NoRecentActivities).toBe("You have no recent activities.");
    expect(es.Activity.NoRecentActivities).not.toBe(en.Activity.NoRecentActivities);
  });
});
