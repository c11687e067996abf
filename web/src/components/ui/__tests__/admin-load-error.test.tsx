import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import type { ReactNode } from "react";
import { MemoryRouter } from "react-router-dom";
import { describe, expect, it } from "vitest";
import { ModalProvider } from "@/components/ui/modals";
import { ToastProvider } from "@/components/ui/toasts";
import { MaintenanceSettings } from "@/features/billing-maintenance/components/maintenance-settings";
import { SystemAlertsAdmin } from "@/features/system-alerts/components/system-alerts-admin";
import { UsersTable } from "@/features/users-admin/components/users-table";
import { i18n } from "@/lib/i18n";
import en from "@/locales/en.json";
import es from "@/locales/es.json";
import { FakeAuthProvider, fakeAuth } from "@/testing/fake-auth";
import { fakeFetch, json } from "@/testing/fake-fetch";

/**
 * Spec 3 §8: a failed fetch of the user list, the alerts or the maintenance periods shows a generic
 * error toast (T05), the one with the city's contact, error-contact-support (T04); the page keeps
 * its own text. A 401 or 403 (not an admin) only says so in the page (T03).
 */
const PAGES: [string, string, () => ReactNode][] = [
  ["the user list", "/api/elastic-users", () => <UsersTable />],
  ["the system alerts", "/api/systemAlerts", () => <SystemAlertsAdmin />],
  ["the maintenance periods", "/api/allPaymentMaintenanceInfo", () => <MaintenanceSettings />],
];

function renderFailing(page: () => ReactNode, path: string, status: number) {
  fakeFetch(({ url }) =>
    url.startsWith(path) ? json({ error: { code: status === 503 ? "unavailable" : "forbidden" } }, status) : undefined,
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <FakeAuthProvider value={fakeAuth("onboarded", { isAdmin: true })}>
          <ToastProvider>
            <ModalProvider>{page()}</ModalProvider>
          </ToastProvider>
        </FakeAuthProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const toastTexts = () =>
  [...document.querySelectorAll(".toast--error .toast__message")].map((toast) => toast.textContent);

describe("admin pages whose data fails to load (spec 3 §8: audit items T03, T04, T05)", () => {
  it.each(PAGES)("%s: the page's text and one error toast with the city's contact", async (_name, path, page) => {
    renderFailing(page, path, 503);
    await screen.findByText(en.Util.ErrorTryAgainLater, { selector: ".admin-error" });
    expect(toastTexts()).toEqual(["Something went wrong. Please contact City Hall at (847) 931-6100."]);
    expect(en["error-contact-support"]).toBe("Something went wrong. Please contact City Hall at (847) 931-6100.");
  });

  it("in Spanish too", async () => {
    await i18n.changeLanguage("es");
    renderFailing(() => <UsersTable />, "/api/elastic-users", 503);
    await screen.findByText(es.Util.ErrorTryAgainLater, { selector: ".admin-error" });
    expect(toastTexts()).toEqual(["Algo salió mal. Comuníquese con el Ayuntamiento al (847) 931-6100."]);
    expect(es["error-contact-support"]).toBe(toastTexts()[0]);
  });

  it.each([401, 403])(
    "a %i says only in the page that the page is for administrators, with no toast",
    async (status) => {
      renderFailing(() => <UsersTable />, "/api/elastic-users", status);
      await screen.findByText("Only city administrators can use this page.", { selector: ".admin-error" });
      expect(en.Admin.NotAllowed).toBe("Only city administrators can use this page.");
      expect(toastTexts()).toEqual([]);
    },
  );
});
