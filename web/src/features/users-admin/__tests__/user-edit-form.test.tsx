import type { AdminUserDetail } from "@contract/admin-users";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { ToastProvider } from "@/components/ui/toasts";
import { i18n } from "@/lib/i18n";
import en from "@/locales/en.json";
import es from "@/locales/es.json";
import { adminUserDetail } from "@/testing/admin-user";
import { fakeFetch, json } from "@/testing/fake-fetch";
import { UserEditForm } from "../components/user-edit-form";

const user = adminUserDetail({ Id: "u2", Email: null });

describe("admin user edit form (spec 3 §4: audit item E04)", () => {
  it("shows the email read-only, and 'N/A' for a user without one", async () => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <ToastProvider>
          <UserEditForm user={user} />
        </ToastProvider>
      </QueryClientProvider>,
    );
    const email = (await screen.findByLabelText(en.UsersAdmin.Column.Email)) as HTMLInputElement;
    expect(email.readOnly).toBe(true);
    expect(email.value).toBe("N/A");
    expect(en.UsersAdmin.NotAvailable).toBe("N/A");
  });
});

function renderForm(overrides: Partial<AdminUserDetail> = {}) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <ToastProvider>
        <UserEditForm user={{ ...user, ...overrides }} />
      </ToastProvider>
    </QueryClientProvider>,
  );
}

describe("admin user edit: every field is required (spec 3 §5: audit item E06)", () => {
  it.each([
    ["en", en, "This field is required."],
    ["es", es, "Este campo es obligatorio."],
  ] as const)(
    "a blank phone number or Salesforce id is marked 'Required' and nothing is saved (%s)",
    async (language, texts, required) => {
      const calls = fakeFetch();
      await i18n.changeLanguage(language);
      renderForm({ PhoneNumber: null, SalesforceId: null });
      fireEvent.click(screen.getByRole("button", { name: texts.UsersAdmin.Save }));
      const phone = screen.getByLabelText(texts.UsersAdmin.Column.PhoneNumber, { exact: false });
      const salesforceId = screen.getByLabelText(texts.UsersAdmin.Column.SalesforceId, { exact: false });
      await waitFor(() => expect(phone.getAttribute("aria-invalid")).toBe("true"));
      expect(salesforceId.getAttribute("aria-invalid")).toBe("true");
      expect(
        screen.getByLabelText(texts.UsersAdmin.Column.FirstName, { exact: false }).getAttribute("aria-invalid"),
      ).not.toBe("true");
      const describedBy = (field: HTMLElement) =>
        (field.getAttribute("aria-describedby") ?? "")
          .split(" ")
          .map((id) => document.getElementById(id)?.textContent ?? "")
          .join(" ");
      expect(describedBy(phone)).toContain(required);
      expect(describedBy(salesforceId)).toContain(required);
      expect(screen.getByText(texts.User.CouldNotUpdateUser)).toBeTruthy();
      expect(calls).not.toHaveBeenCalled();
    },
  );
});

describe("admin user edit: a save that fails (spec 3 §8: audit item E11)", () => {
  it("shows the banner headed 'Error' with User.FailedToUpdateUser and User.CouldNotUpdateUser, and an error toast", async () => {
    const puts: string[] = [];
    fakeFetch(({ url, init }) => {
      if (init.method !== "PUT") return undefined;
      puts.push(url);
      return json({ error: { code: "unavailable", message: "down" } }, 503);
    });
    renderForm();
    fireEvent.click(screen.getByRole("button", { name: en.UsersAdmin.Save }));
    const banner = await screen.findByRole("alert", { name: "Error" });
    expect(within(banner).getByRole("heading", { name: "Error" })).toBeTruthy();
    expect(within(banner).getByText("Failed to update the user. Please try again later.")).toBeTruthy();
    expect(within(banner).getByText("Could not update the user. Please check the fields marked in red.")).toBeTruthy();
    const toast = await screen.findByText(en.User.FailedToUpdateUser, { selector: ".toast__message" });
    expect(toast.closest(".toast")?.className).toContain("toast--error");
    expect(puts).toEqual(["/api/users/profile/u2"]);
  });
});
