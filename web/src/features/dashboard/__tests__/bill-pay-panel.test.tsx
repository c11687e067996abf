import { act, screen, waitFor } from "@testing-library/react";
import { createMemoryRouter } from "react-router-dom";
import { describe, expect, it, onTestFinished, vi } from "vitest";
import { onSignInRejected } from "@/lib/auth/signed-out-answer";
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

describe("the bill-pay panel when the API no longer knows the sign-in (spec 2 §8 X7)", () => {
  it.each([
    ["en", en],
    ["es", es],
  ] as const)("a 401 shows neither 'No upcoming bills' nor the billing error (%s)", async (language, texts) => {
    await i18n.changeLanguage(language);
    const fetchMock = fakeFetch(
      ({ url }) =>
        new URL(url, "http://portal.test").pathname === "/api/naviline/paymentInformation"
          ? json({ error: { code: "unauthenticated", message: "Session revoked" } }, 401)
          : undefined,
      answer("/api/salesforce/inProgress", { inProgress: [], completed: [] }),
      noMaintenance,
    );
    const checks = vi.fn();
    onTestFinished(onSignInRejected(checks));
    render();
    await screen.findByText(texts.Activity.NoRecentActivities);
    await waitFor(() => expect(checks).toHaveBeenCalled());
    // The null answer has been rendered.
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes("/api/naviline/paymentInformation"))).toBe(true);
    const panel = screen.getByRole("region", { name: texts.DashboardHome.BillPay });
    await waitFor(() => expect(panel.textContent).toContain(texts.DashboardHome.Loading));
    expect(panel.textContent).not.toContain(texts.DashboardHome.NoUpcomingBills);
    expect(panel.textContent).not.toContain(texts.DashboardHome.BillingError);
    expect(screen.queryByText(texts["error-contact-support"])).toBeNull();
  });

  it("a 500 still shows the billing error", async () => {
    await i18n.changeLanguage("en");
    fakeFetch(
      ({ url }) =>
        new URL(url, "http://portal.test").pathname === "/api/naviline/paymentInformation"
          ? json({ error: { code: "internal", message: "Boom" } }, 500)
          : undefined,
      answer("/api/salesforce/inProgress", { inProgress: [], completed: [] }),
      noMaintenance,
    );
    render();
    expect(await screen.findByText(en.DashboardHome.BillingError, undefined, { timeout: 5_000 })).toBeTruthy();
    expect(screen.queryByText(en.DashboardHome.NoUpcomingBills)).toBeNull();
  });
});
