import { act, screen, waitFor } from "@testing-library/react";
import { createMemoryRouter } from "react-router-dom";
import { afterEach, describe, expect, it, vi } from "vitest";
import { getPaymentInformation } from "@/api/get-payment-information";
import { ApiError } from "@/lib/api-client";
import { onSignInRejected } from "@/lib/auth/signed-out-answer";
import { i18n } from "@/lib/i18n";
import en from "@/locales/en.json";
import es from "@/locales/es.json";
import { fakeAuth, renderWithAppProviders, testUser } from "@/testing/fake-auth";
import { answerAt, apiError, callsTo, type FakeRoute, fakeFetch, json } from "@/testing/fake-fetch";
import { getAccountsWithAutopay } from "../api/autopay";
import { getBillingHistory } from "../api/get-billing-history";
import { getPaymentHistory, getPaymentHistoryV2 } from "../api/get-payment-history";
import { BillingRecords } from "../components/billing-records";
import { PaymentHistorySection } from "../components/payment-history-section";

/**
 * Spec 2 §8 (X7): "A 401 on billing calls returns null silently; other errors are rethrown." Null is neither the
 * error nor the empty state: a resident whose session ended must not read "No upcoming bills" for an account that
 * owes money. The session check it starts is AuthProvider's (lib/auth/__tests__/auth-provider.test.tsx).
 */

const revoked = () => apiError(401, "Session revoked", "unauthenticated");
const noMaintenance = answerAt("GET", "/api/paymentMaintenanceInfo", () =>
  json({ maintenanceWarningAlert: null, maintenanceSettings: null, onlineBillPayEnabled: true }),
);
const naviline =
  (answer: () => Response): FakeRoute =>
  ({ url }) =>
    new URL(url, "http://portal.test").pathname.startsWith("/api/naviline/") ? answer() : undefined;

let stopListening: () => void = () => undefined;
afterEach(() => stopListening());
/** The app's session check as a stub: it finds the sign-in over (no second try) unless told it stands. */
function listenForChecks(findsSignedIn = false) {
  const check = vi.fn(async (refusal: "refused" | "refused-again") => refusal === "refused" && findsSignedIn);
  stopListening = onSignInRejected(check);
  return check;
}

describe("the billing calls (X7)", () => {
  const calls = {
    getBillingHistory: () => getBillingHistory("personal"),
    getPaymentHistory: () => getPaymentHistory("personal"),
    getPaymentHistoryV2: () => getPaymentHistoryV2("personal"),
    getPaymentInformation: () => getPaymentInformation(testUser.Id, "personal"),
    getAccountsWithAutopay: () => getAccountsWithAutopay(testUser.Id, "personal"),
  };

  it.each(Object.entries(calls))("%s answers null on 401 and starts one session check", async (_name, call) => {
    fakeFetch(naviline(revoked));
    const check = listenForChecks();
    await expect(call()).resolves.toBeNull();
    expect(check).toHaveBeenCalledTimes(1);
  });

  it.each(Object.entries(calls))(
    "%s rethrows other errors (500, 404, 503) without a session check",
    async (_name, call) => {
      const check = listenForChecks();
      for (const status of [500, 404, 503]) {
        fakeFetch(naviline(() => apiError(status)));
        await expect(call()).rejects.toMatchObject({ name: "ApiError", status });
      }
      expect(check).not.toHaveBeenCalled();
    },
  );

  it("a network failure is an error too, not a sign-out", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => {
        throw new TypeError("Failed to fetch");
      }),
    );
    await expect(getBillingHistory("personal")).rejects.toBeInstanceOf(ApiError);
  });
});

const renderRecords = () =>
  renderWithAppProviders(
    fakeAuth("onboarded"),
    createMemoryRouter([
      {
        path: "/",
        element: (
          <>
            <BillingRecords organizationId="personal" />
            <PaymentHistorySection organizationId="personal" redesign={false} />
          </>
        ),
      },
    ]),
  );

describe("the water bill records page on null (X7)", () => {
  it.each([
    ["en", en],
    ["es", es],
  ] as const)("shows neither an error, a toast nor 'No upcoming bills' (%s)", async (language, texts) => {
    await i18n.changeLanguage(language);
    fakeFetch(naviline(revoked), noMaintenance);
    const check = listenForChecks();
    renderRecords();
    // Both calls were answered (null) and the session check started.
    await waitFor(() => expect(check).toHaveBeenCalledTimes(2));
    // The null answers have been rendered.
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(screen.getAllByText(texts.Billing.Loading)).toHaveLength(2);
    expect(screen.queryByText(texts.DashboardHome.NoUpcomingBills)).toBeNull();
    expect(screen.queryByText(texts.Billing.NoAccounts)).toBeNull();
    expect(screen.queryByText(texts.Billing.LoadError)).toBeNull();
    expect(screen.queryByText(texts.Dashboard.PaymentHistoryError)).toBeNull();
    expect(screen.queryByText(texts["error-contact-support"])).toBeNull();
    for (const alert of screen.queryAllByRole("alert")) expect(alert.textContent).toBe("");
  });

  it("a 500 still shows the spec's errors: the load error, the chart's error and the contact toast", async () => {
    await i18n.changeLanguage("en");
    fakeFetch(
      naviline(() => apiError(500)),
      noMaintenance,
    );
    const check = listenForChecks();
    renderRecords();
    expect(await screen.findByText(en.Billing.LoadError, undefined, { timeout: 5_000 })).toBeTruthy();
    expect(await screen.findByText(en.Dashboard.PaymentHistoryError, undefined, { timeout: 5_000 })).toBeTruthy();
    expect(await screen.findByText(en["error-contact-support"])).toBeTruthy();
    expect(check).not.toHaveBeenCalled();
  });
});

describe("the records page after a session check that finds the sign-in standing (X7, a stale token)", () => {
  const history = { historyMonthly: [], totalAmountDueCents: 3898, accountDelinquentStatuses: [], bills: [] };
  /** GET /api/naviline/getbillinghistory: 401 for the first `refusals` requests, then her bills. */
  const historyAfter = (refusals: number) => {
    let asked = 0;
    return answerAt("GET", "/api/naviline/getbillinghistory", () => (++asked <= refusals ? revoked() : json(history)));
  };
  const renderHistory = () =>
    renderWithAppProviders(
      fakeAuth("onboarded"),
      createMemoryRouter([{ path: "/", element: <BillingRecords organizationId="personal" /> }]),
    );

  it("asks once more and shows her bills, with no error on the way", async () => {
    await i18n.changeLanguage("en");
    const fetchMock = fakeFetch(historyAfter(1), noMaintenance);
    const check = listenForChecks(true);
    renderHistory();
    expect(await screen.findByText("$38.98")).toBeTruthy();
    expect(screen.getByText(en.Billing.TotalDue)).toBeTruthy();
    expect(callsTo(fetchMock, "GET", "/api/naviline/getbillinghistory")).toHaveLength(2);
    expect(check.mock.calls).toEqual([["refused"]]);
    expect(screen.queryByText(en.Billing.LoadError)).toBeNull();
  });

  it("refused again, ends the sign-in (the check is told) and asks no third time: the loading line, no error", async () => {
    await i18n.changeLanguage("en");
    const fetchMock = fakeFetch(historyAfter(2), noMaintenance);
    const check = listenForChecks(true);
    renderHistory();
    await waitFor(() => expect(check.mock.calls).toEqual([["refused"], ["refused-again"]]));
    // What a third try would have had time for.
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 100));
    });
    expect(callsTo(fetchMock, "GET", "/api/naviline/getbillinghistory")).toHaveLength(2);
    expect(check).toHaveBeenCalledTimes(2);
    expect(screen.getByText(en.Billing.Loading)).toBeTruthy();
    expect(screen.queryByText(en.Billing.LoadError)).toBeNull();
    expect(screen.queryByText(en.Billing.NoAccounts)).toBeNull();
    expect(screen.queryByText(en["error-contact-support"])).toBeNull();
  });
});
