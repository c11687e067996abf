import type { AdminPaymentSettings } from "@contract/admin-users";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { createMemoryRouter } from "react-router-dom";
import { describe, expect, it } from "vitest";
import { ModalProvider } from "@/components/ui/modals";
import { ToastProvider } from "@/components/ui/toasts";
import { i18n } from "@/lib/i18n";
import en from "@/locales/en.json";
import es from "@/locales/es.json";
import { adminUserDetail } from "@/testing/admin-user";
import { fakeAuth, renderWithAppProviders } from "@/testing/fake-auth";
import { fakeFetch, json } from "@/testing/fake-fetch";
import { PaymentSettings } from "../components/payment-settings";
import { UserEditPage } from "../components/user-edit-page";

/** The admin user edit's payment settings (spec 3 §2, §8: audit items E08, E09, E10). */

const settings: AdminPaymentSettings = {
  accounts: [
    {
      customerId: "100200",
      locationId: "300400",
      serviceAddress: "138 Highland Ave",
      autopay: { autopayId: "AP1", status: "Active", paymentProfileId: "P1" },
    },
  ],
  paymentMethods: [
    {
      Id: "P1",
      MaskedAccountNumber: "XXXX1111",
      Type: "card",
      ProfileDescription: "Visa",
      Default: true,
      UsedByAutopay: true,
    },
    {
      Id: "P2",
      MaskedAccountNumber: "XXXX2222",
      Type: "card",
      ProfileDescription: "Mastercard",
      Default: false,
      UsedByAutopay: false,
    },
  ],
};

function renderSettings(deletes: "succeed" | "fail" = "succeed") {
  const deleted: string[] = [];
  fakeFetch(({ url, init }) => {
    if (!url.startsWith("/api/users/payment-settings/u1")) return undefined;
    if (init.method === "DELETE") {
      deleted.push(url);
      return deletes === "succeed" ? json({ success: true }) : json({ error: { code: "unavailable" } }, 503);
    }
    return json(settings);
  });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <ToastProvider>
        <ModalProvider>
          <PaymentSettings userId="u1" />
        </ModalProvider>
      </ToastProvider>
    </QueryClientProvider>,
  );
  return { deleted };
}

/** An action button's name: its label, then (for screen readers) what it acts on; jsdom drops the space between. */
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const named = (label: string, what: string) => new RegExp(`^${escapeRegExp(label)}\\s?${escapeRegExp(what)}$`);
const toast = async (text: string) => (await screen.findByText(text, { selector: ".toast__message" })).textContent;

describe("an admin removes a user's autopay (E08)", () => {
  it.each([
    [
      "en",
      en,
      "Remove the autopay of water account 100200-300400? The user will have to pay their bills another way until they enrol again.",
    ],
    [
      "es",
      es,
      "¿Quitar el pago automático de la cuenta de agua 100200-300400? El usuario tendrá que pagar sus facturas de otra forma hasta que se inscriba de nuevo.",
    ],
  ] as const)(
    "warns with 'warning-remove-autopay-admin', removes it and says success-remove (%s)",
    async (language, texts, warning) => {
      await i18n.changeLanguage(language);
      const { deleted } = renderSettings();
      fireEvent.click(
        await screen.findByRole("button", { name: named(texts.UsersAdmin.RemoveAutopay, "100200-300400") }),
      );
      const dialog = await screen.findByRole("dialog");
      expect(within(dialog).getByText(warning)).toBeTruthy();
      expect(deleted).toEqual([]);
      fireEvent.click(within(dialog).getByRole("button", { name: texts.UsersAdmin.RemoveAutopay }));
      expect(await toast(texts["success-remove"])).toBe(texts["success-remove"]);
      expect(deleted).toEqual(["/api/users/payment-settings/u1/autopay/AP1"]);
    },
  );

  it("a removal that fails says error-remove", async () => {
    renderSettings("fail");
    fireEvent.click(await screen.findByRole("button", { name: named(en.UsersAdmin.RemoveAutopay, "100200-300400") }));
    fireEvent.click(
      within(await screen.findByRole("dialog")).getByRole("button", { name: en.UsersAdmin.RemoveAutopay }),
    );
    expect(await toast(en["error-remove"])).toBe("We could not remove it. Please try again.");
  });
});

describe("an admin deletes a user's stored card (E09)", () => {
  it.each([
    [
      "en",
      en,
      "Visa XXXX1111 pays your autopay. Deleting it stops autopay for that account. This cannot be undone.",
      "Delete Mastercard XXXX2222? This cannot be undone.",
    ],
    [
      "es",
      es,
      "Visa XXXX1111 paga su pago automático. Si la elimina, se detiene el pago automático de esa cuenta. Esta acción no se puede deshacer.",
      "¿Eliminar Mastercard XXXX2222? Esta acción no se puede deshacer.",
    ],
  ] as const)(
    "warns with the autopay warning or the plain one, deletes, and says success-remove (%s)",
    async (language, texts, withAutopay, plain) => {
      await i18n.changeLanguage(language);
      const { deleted } = renderSettings();
      fireEvent.click(
        await screen.findByRole("button", { name: named(texts.UsersAdmin.DeleteMethod, "Visa XXXX1111") }),
      );
      let dialog = await screen.findByRole("dialog");
      expect(within(dialog).getByText(withAutopay)).toBeTruthy();
      fireEvent.click(within(dialog).getByRole("button", { name: texts.Modal.Cancel }));
      expect(deleted).toEqual([]);

      fireEvent.click(
        screen.getByRole("button", { name: named(texts.UsersAdmin.DeleteMethod, "Mastercard XXXX2222") }),
      );
      dialog = await screen.findByRole("dialog");
      expect(within(dialog).getByText(plain)).toBeTruthy();
      fireEvent.click(within(dialog).getByRole("button", { name: texts.UsersAdmin.DeleteMethod }));
      expect(await toast(texts["success-remove"])).toBe(texts["success-remove"]);
      expect(deleted).toEqual(["/api/users/payment-settings/u1/payment-methods/P2"]);
    },
  );

  it("a delete that fails says error-remove", async () => {
    renderSettings("fail");
    fireEvent.click(
      await screen.findByRole("button", { name: named(en.UsersAdmin.DeleteMethod, "Mastercard XXXX2222") }),
    );
    fireEvent.click(
      within(await screen.findByRole("dialog")).getByRole("button", { name: en.UsersAdmin.DeleteMethod }),
    );
    expect(await toast(en["error-remove"])).toBe(en["error-remove"]);
  });
});

describe("the delinquent billing notification preferences, view-only, with EnableDelinquentBillingNotifications (E10)", () => {
  const user = adminUserDetail();

  function renderPage(flagOn: boolean) {
    fakeFetch(({ url }) => {
      if (url.startsWith("/api/featureflags"))
        return json([{ name: "EnableDelinquentBillingNotifications", enabled: flagOn }]);
      if (url.startsWith("/api/users/profile/u1")) return json(user);
      if (url.startsWith("/api/users/payment-settings/u1")) return json({ accounts: [], paymentMethods: [] });
      if (url.startsWith("/api/users/notification-prefs/u1"))
        return json([
          { notificationId: "pastDue", notificationName: "Past due reminder", enabled: true },
          { notificationId: "shutoffWarning", notificationName: "Shut-off warning", enabled: false },
        ]);
      return undefined;
    });
    const router = createMemoryRouter(
      [{ path: "/users/edit/:id", element: <UserEditPage userId="u1" back={{ to: "/users", label: "Back" }} /> }],
      { initialEntries: ["/users/edit/u1"] },
    );
    renderWithAppProviders(fakeAuth("onboarded", { isAdmin: true }), router);
  }

  it.each([
    ["en", en, ["Past due reminder: On", "Shut-off warning: Off"]],
    ["es", es, ["Recordatorio de pago vencido: Activado", "Aviso de corte del servicio: Desactivado"]],
  ] as const)("lists each preference as on or off, with nothing to change (%s)", async (language, texts, expected) => {
    await i18n.changeLanguage(language);
    renderPage(true);
    const section = await screen.findByRole("region", { name: texts.UsersAdmin.NotificationPrefs });
    await waitFor(() => expect(within(section).queryAllByRole("listitem")).toHaveLength(2));
    expect(
      within(section)
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual(expected);
    expect(section.querySelectorAll("input, button, select, textarea")).toHaveLength(0);
  });

  it("is not shown while the flag is off", async () => {
    renderPage(false);
    await screen.findByRole("region", { name: en.UsersAdmin.PaymentSettings });
    await screen.findByText(en.UsersAdmin.NoWaterAccounts);
    expect(screen.queryByRole("region", { name: en.UsersAdmin.NotificationPrefs })).toBeNull();
  });
});
