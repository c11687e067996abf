import type { NotificationPreference } from "@contract/account-forms";
import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router-dom";
import { describe, expect, it } from "vitest";
import { NotificationSettings } from "@/features/account/components/account-sections";
import { DelinquencyPrefsPrompt, SystemAlertsHost } from "@/features/system-alerts/components/system-alerts-host";
import { createQueryClient } from "@/lib/react-query";
import en from "@/locales/en.json";
import { testUser } from "@/testing/fake-auth";
import { fakeFetch, json } from "@/testing/fake-fetch";

const PREFS_PATH = `/api/users/notification-prefs/${testUser.Id}`;

/**
 * The API at the boundary: no system alerts, no maintenance, and the user's settings as the
 * users domain keeps them (POST switches one and answers all of them).
 */
function fakeApi({ waterAccounts = 1 } = {}) {
  let prefs: NotificationPreference[] = [
    { notificationId: "pastDue", notificationName: "Past due reminder", enabled: true, optedOut: false },
    { notificationId: "finalNotice", notificationName: "Final notice", enabled: true, optedOut: false },
  ];
  return fakeFetch(({ url, init }) => {
    const path = new URL(url, "http://portal.test").pathname;
    if (path === "/api/systemAlerts") return json([]);
    if (path === "/api/paymentMaintenanceInfo")
      return json({ maintenanceWarningAlert: null, maintenanceSettings: null, onlineBillPayEnabled: true });
    if (path === PREFS_PATH && (init.method ?? "GET") === "GET") return json(prefs);
    // The resident's water accounts: the prompt is only for someone with one (issue 28).
    if (path === "/api/naviline/paymentInformation")
      return json(Array.from({ length: waterAccounts }, (_, index) => ({ accountNumber: `1000-${index}` })));
    if (path.startsWith(`${PREFS_PATH}/`) && init.method === "POST") {
      const id = path.slice(PREFS_PATH.length + 1);
      const { enabled } = JSON.parse(String(init.body)) as { enabled: boolean };
      prefs = prefs.map((pref) => (pref.notificationId === id ? { ...pref, enabled, optedOut: !enabled } : pref));
      return json(prefs);
    }
    return undefined;
  });
}

describe("notification settings: the account page and the alert host read one query", () => {
  it("opting out on the account page takes back the host's prompt, with one GET for both", async () => {
    window.sessionStorage.clear();
    const fetchMock = fakeApi();
    render(
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter>
          <NotificationSettings user={testUser} />
          <SystemAlertsHost />
          <DelinquencyPrefsPrompt userId={testUser.Id} enabled />
        </MemoryRouter>
      </QueryClientProvider>,
    );

    // No setting is opted out yet: the host offers its prompt.
    // Three answers first (alerts, prefs, water accounts), on a machine that may be busy.
    await screen.findByRole("heading", { name: en.SystemAlert.DelinquencyTitle }, { timeout: 5_000 });
    const pastDue = await screen.findByLabelText(en.Account.Notifications.pastDue);
    // The shut-off warning is chosen once, as "Bills and shut-off notices" in the message settings.
    expect(screen.queryByLabelText(en.Account.Notifications.shutoffWarning)).toBeNull();
    await userEvent.click(pastDue);
    await waitFor(() => expect((pastDue as HTMLInputElement).checked).toBe(false));

    // The POST's answer is what the host now uses: an explicit opt-out means no prompt.
    await waitFor(() => expect(screen.queryByRole("heading", { name: en.SystemAlert.DelinquencyTitle })).toBeNull());
    const prefsGets = fetchMock.mock.calls.filter(
      ([input, init]) => String(input).endsWith(PREFS_PATH) && (init?.method ?? "GET") === "GET",
    );
    expect(prefsGets).toHaveLength(1);
  });

  it("does not prompt someone without a water account (the clerk), and not again once answered", async () => {
    window.sessionStorage.clear();
    window.localStorage.clear();
    const fetchMock = fakeApi({ waterAccounts: 0 });
    const { unmount } = render(
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter>
          <DelinquencyPrefsPrompt userId={testUser.Id} enabled />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([input]) => String(input).includes("/api/naviline/paymentInformation"))).toBe(
        true,
      ),
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole("heading", { name: en.SystemAlert.DelinquencyTitle })).toBeNull();
    unmount();

    fakeApi({ waterAccounts: 1 });
    const first = render(
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter>
          <DelinquencyPrefsPrompt userId={testUser.Id} enabled />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    await screen.findByRole("heading", { name: en.SystemAlert.DelinquencyTitle }, { timeout: 5_000 });
    await userEvent.click(screen.getByRole("button", { name: en.SystemAlert.NotNow }));
    first.unmount();
    // A new browser session (session storage gone): answered, it stays closed.
    window.sessionStorage.clear();
    render(
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter>
          <DelinquencyPrefsPrompt userId={testUser.Id} enabled />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(screen.queryByRole("heading", { name: en.SystemAlert.DelinquencyTitle })).toBeNull();
  });
});
