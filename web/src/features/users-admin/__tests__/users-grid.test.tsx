import type { AdminUserRow } from "@contract/admin-users";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router-dom";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ToastProvider } from "@/components/ui/toasts";
import en from "@/locales/en.json";
import { fakeFetch, json } from "@/testing/fake-fetch";
import { UsersGrid } from "../components/users-grid";

const users: AdminUserRow[] = [
  {
    Id: "u1",
    Email: "ana@example.com",
    FirstName: "Ana",
    LastName: "Lopez",
    PhoneNumber: "8475551234",
    SalesforceId: "003A",
    Admin: false,
  },
  { Id: "u2", Email: null, FirstName: "Bo", LastName: "Chen", PhoneNumber: null, SalesforceId: null, Admin: false },
];

function renderGrid() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <ToastProvider>
          <UsersGrid />
        </ToastProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("UsersGrid (the old users grid, EnableUserAdminMenuV2 off)", () => {
  it("lists every user in a captioned table named by its scroll region, with Edit and Delete naming the user", async () => {
    fakeFetch(({ url }) => (url === "/api/users" ? json(users) : undefined));
    renderGrid();
    const region = await screen.findByRole("region", { name: en.UsersAdmin.Caption });
    const table = within(region).getByRole("table", { name: en.UsersAdmin.Caption });
    expect(
      within(table)
        .getAllByRole("columnheader")
        .map((th) => th.textContent),
    ).toEqual([
      en.UsersAdmin.Column.Id,
      en.UsersAdmin.Column.FirstName,
      en.UsersAdmin.Column.LastName,
      en.UsersAdmin.Column.Email,
      en.UsersAdmin.Column.PhoneNumber,
      en.UsersAdmin.Column.SalesforceId,
      en.UsersAdmin.Actions,
    ]);
    const rows = within(table).getAllByRole("row").slice(1);
    expect(rows.map((row) => within(row).getByRole("rowheader").textContent)).toEqual(["u1", "u2"]);
    expect(
      within(rows[0] as HTMLElement)
        .getAllByRole("cell")
        .map((td) => td.textContent),
    ).toEqual([
      "Ana",
      "Lopez",
      "ana@example.com",
      "8475551234",
      "003A",
      `${en.UsersAdmin.Edit} ana@example.com${en.UsersAdmin.Delete} ana@example.com`,
    ]);
    expect(
      within(table)
        .getAllByRole("link")
        .map((link) => [link.textContent, link.getAttribute("href")]),
    ).toEqual([
      [`${en.UsersAdmin.Edit} ana@example.com`, "/users/u1"],
      [`${en.UsersAdmin.Edit} u2`, "/users/u2"],
    ]);
    expect(
      within(table)
        .getAllByRole("button")
        .map((button) => button.textContent),
    ).toEqual([`${en.UsersAdmin.Delete} ana@example.com`, `${en.UsersAdmin.Delete} u2`]);
  });

  it("asks the browser's confirmation with the spec's text before deleting; Cancel deletes nothing (spec 3 §4, U09)", async () => {
    const fetches = fakeFetch(({ url }) => (url === "/api/users" ? json(users) : undefined));
    const confirm = vi.fn(() => false);
    vi.stubGlobal("confirm", confirm);
    renderGrid();
    const region = await screen.findByRole("region", { name: en.UsersAdmin.Caption }, { timeout: 5000 });
    const remove = within(region)
      .getAllByRole("button")
      .find((button) => button.textContent === `${en.UsersAdmin.Delete} ana@example.com`);
    remove?.click();
    expect(confirm).toHaveBeenCalledWith("Are you sure you want to delete this user?");
    expect(en.UsersAdmin.ConfirmDelete).toBe("Are you sure you want to delete this user?");
    const methods = fetches.mock.calls.map(([, init]) => (init as RequestInit | undefined)?.method ?? "GET");
    expect(methods).not.toContain("DELETE");
  });
});
