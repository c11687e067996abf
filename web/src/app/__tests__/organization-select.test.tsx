import type { UserOrganization } from "@contract/user";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter } from "react-router-dom";
import { beforeAll, describe, expect, it, vi } from "vitest";
import type { AuthContextValue } from "@/lib/auth/auth-state";
import { fakeAuth, renderWithAppProviders } from "@/testing/fake-auth";
import { fakeFetch, json } from "@/testing/fake-fetch";
import { preloadPages } from "@/testing/preload-pages";
import { RootLayout } from "../root-layout";
import { routesFor } from "../route-table";

const bakery: UserOrganization = {
  Id: "001000000000001AAA",
  SalesforceId: "001000000000001AAA",
  Name: "Fox River Bakery",
  Role: "approver",
};

function renderShell(auth: Partial<AuthContextValue>, path = "/dashboard") {
  fakeFetch(({ url }) => (url.startsWith("/api/featureflags") ? json([]) : undefined));
  const value = fakeAuth("onboarded", auth);
  const router = createMemoryRouter(
    routesFor("onboarded", { selectedOrganization: value.selectedOrganization }, <RootLayout />),
    { initialEntries: [path] },
  );
  renderWithAppProviders(value, router);
  return router;
}

beforeAll(preloadPages, 120_000);

describe("organization selector (spec 1 §3, spec 2 organization management)", () => {
  it("offers personal and the user's organizations in the user menu; nothing changes until Switch", async () => {
    const selectOrganization = vi.fn();
    renderShell({ organizations: [bakery], selectOrganization });
    await userEvent.click(await screen.findByRole("button", { name: /Maria Lopez/ }));
    const select = screen.getByRole("combobox", { name: "Acting for" });
    expect(
      within(select)
        .getAllByRole("option")
        .map((option) => option.textContent),
    ).toEqual(["Myself (personal)", "Fox River Bakery"]);
    await userEvent.selectOptions(select, bakery.Id);
    expect(selectOrganization).not.toHaveBeenCalled();
    await userEvent.click(screen.getAllByRole("button", { name: "Switch" })[0] as HTMLElement);
    expect(selectOrganization).toHaveBeenCalledWith(bakery.Id);
    await screen.findByText("You are now acting for Fox River Bakery.");
  });

  it("is in the mobile menu too", async () => {
    renderShell({ organizations: [bakery] });
    await userEvent.click(await screen.findByRole("button", { name: "Menu" }));
    const menu = within(screen.getByRole("dialog", { name: "Menu" }));
    expect(menu.getByRole("combobox", { name: "Acting for" })).toBeTruthy();
    expect(menu.getByRole("link", { name: "Add an organization" }).getAttribute("href")).toBe("/add_organization");
  });

  it("lists the organization's members page only while acting for an organization", async () => {
    renderShell({ organizations: [bakery], selectedOrganization: bakery.Id, selectedOrganizationInfo: bakery });
    const sidebar = within(await screen.findByRole("navigation", { name: "Your services" }));
    await waitFor(() =>
      expect(sidebar.getByRole("link", { name: "Organization members" }).getAttribute("href")).toBe(
        "/organization_management",
      ),
    );
  });

  it("shows no selector to a user without organizations, but the way to add one", async () => {
    renderShell({});
    expect(
      within(await screen.findByRole("navigation", { name: "Your services" })).queryByRole("link", {
        name: "Organization members",
      }),
    ).toBeNull();
    await userEvent.click(await screen.findByRole("button", { name: /Maria Lopez/ }));
    expect(screen.queryByRole("combobox", { name: "Acting for" })).toBeNull();
    expect(screen.getAllByRole("link", { name: "Add an organization" })[0]?.getAttribute("href")).toBe(
      "/add_organization",
    );
  });
});
