import type { FeatureFlagName } from "@contract/feature-flags";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter } from "react-router-dom";
import { beforeAll, describe, expect, it } from "vitest";
import type { AuthContextValue, SignInStage } from "@/lib/auth/auth-state";
import { i18n } from "@/lib/i18n";
import { fakeAuth, renderWithAppProviders } from "@/testing/fake-auth";
import { type FakeRoute, fakeFetch, json } from "@/testing/fake-fetch";
import { preloadPages } from "@/testing/preload-pages";
import { RootLayout } from "../root-layout";
import { routesFor } from "../route-table";

const flagsRoute =
  (...enabled: FeatureFlagName[]): FakeRoute =>
  ({ url }) =>
    url.startsWith("/api/featureflags")
      ? json(
          ["EnableWaterBillHistoryPage", "EnableBoardsAndCommissions"].map((name) => ({
            name,
            enabled: enabled.includes(name as FeatureFlagName),
          })),
        )
      : undefined;

const languagesRoute: FakeRoute = ({ url }) =>
  url === "/api/i18n/languages"
    ? json([
        { i18nCode: "en", nativeName: "English", enName: "English" },
        { i18nCode: "es", nativeName: "Español", enName: "Spanish" },
      ])
    : undefined;

function renderShell(stage: SignInStage, path = "/", auth: Partial<AuthContextValue> = {}) {
  const value = fakeAuth(stage, auth);
  const router = createMemoryRouter(
    routesFor(stage, { selectedOrganization: value.selectedOrganization }, <RootLayout />),
    { initialEntries: [path] },
  );
  renderWithAppProviders(value, router);
  return router;
}

// Pages are lazy chunks: compile them before the tests time their headings.
beforeAll(preloadPages, 120_000);

describe("app shell (spec 1 §2.2)", () => {
  it("gives visitors landmarks, a skip link, city links, Login and the language dropdown", async () => {
    fakeFetch(languagesRoute, flagsRoute());
    renderShell("anonymous");
    await screen.findByRole("heading", { level: 1, name: "City of Elgin Portal" });
    expect(screen.getByRole("link", { name: "Skip to main content" }).getAttribute("href")).toBe("#main-content");
    expect(screen.getByRole("banner")).toBeTruthy();
    expect(screen.getByRole("main").id).toBe("main-content");
    expect(screen.getByRole("contentinfo").textContent).toContain("150 Dexter Court, Elgin, IL 60120");
    const cityLinks = within(screen.getByRole("navigation", { name: "City website" }));
    expect(cityLinks.getAllByRole("link").map((link) => link.textContent)).toEqual([
      "Residents",
      "Business",
      "Government",
      "Explore",
    ]);
    expect(screen.getByRole("link", { name: "Log in" }).getAttribute("href")).toBe("/login");
    expect(screen.getByRole("combobox", { name: "Language" })).toBeTruthy();
    expect(screen.queryByRole("navigation", { name: "Your services" })).toBeNull();
  });

  it("switches to Spanish from the dropdown, remembers it and marks <html lang>", async () => {
    const fetchMock = fakeFetch(languagesRoute, flagsRoute());
    renderShell("anonymous");
    await screen.findByRole("option", { name: "Español" });
    await userEvent.selectOptions(screen.getByRole("combobox", { name: "Language" }), "es");
    await screen.findByRole("heading", { level: 1, name: "Portal de la Ciudad de Elgin" });
    expect(screen.getByRole("combobox", { name: "Idioma" })).toBeTruthy();
    expect(document.documentElement.lang).toBe("es");
    expect(window.localStorage.getItem("language")).toBe("es");
    expect(window.localStorage.getItem("isLanguageOverwrittenByDropdown")).toBe("true");
    // Signed out: nothing to save on the server.
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === "PUT")).toBe(false);
  });

  it("merges the server's edited texts over the bundled ones", async () => {
    fakeFetch(languagesRoute, flagsRoute(), ({ url }) =>
      url === "/api/i18n/processed/en/translation" ? json({ Footer: { Phone: "(847) 555-0100" } }) : undefined,
    );
    renderShell("anonymous");
    await waitFor(() => expect(screen.getByRole("contentinfo").textContent).toContain("(847) 555-0100"));
    i18n.addResourceBundle("en", "translation", { Footer: { Phone: "(847) 931-6100" } }, true, true);
  });

  it("saves a signed-in user's choice with PUT /api/users, and survives its failure", async () => {
    const fetchMock = fakeFetch(languagesRoute, flagsRoute(), ({ init }) =>
      init.method === "PUT" ? json({ error: { code: "not_found", message: "No such route" } }, 404) : undefined,
    );
    renderShell("onboarded", "/dashboard");
    await userEvent.click(await screen.findByRole("button", { name: /Maria Lopez/ }));
    await userEvent.selectOptions(screen.getByRole("combobox", { name: "Language" }), "es");
    await screen.findByRole("heading", { level: 1, name: "Panel principal" });
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === "PUT");
    expect(put?.[0]).toBe("/api/users");
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({
      Language: "es",
      isLanguageOverwrittenByDropdown: true,
      forceUpdateLanguage: true,
    });
  });

  it("shows the onboarded sidebar with flag-gated items and no admin section for non-admins", async () => {
    fakeFetch(languagesRoute, flagsRoute("EnableBoardsAndCommissions"));
    renderShell("onboarded", "/dashboard");
    const sidebar = within(await screen.findByRole("navigation", { name: "Your services" }));
    await waitFor(() => expect(sidebar.getByRole("link", { name: "Boards and commissions" })).toBeTruthy());
    expect(sidebar.getAllByRole("link").map((link) => link.textContent)).toEqual([
      "Home",
      "In progress",
      "Completed activities",
      "My profile",
      "Boards and commissions",
    ]);
    expect(sidebar.getByRole("link", { name: "My profile" }).getAttribute("href")).toBe("/account/user-1");
    expect(sidebar.getByRole("link", { name: "Home" }).getAttribute("aria-current")).toBe("page");
    expect(screen.queryByRole("navigation", { name: "Administration" })).toBeNull();
  });

  it("adds Payment when EnableWaterBillHistoryPage is on, and the admin section for admins", async () => {
    fakeFetch(languagesRoute, flagsRoute("EnableWaterBillHistoryPage"));
    renderShell("onboarded", "/dashboard", { isAdmin: true });
    const sidebar = within(await screen.findByRole("navigation", { name: "Your services" }));
    await waitFor(() => expect(sidebar.getByRole("link", { name: "Payment" })).toBeTruthy());
    const admin = within(screen.getByRole("navigation", { name: "Administration" }));
    expect(admin.getAllByRole("link").map((link) => link.getAttribute("href"))).toEqual([
      "/activities",
      "/languages",
      "/users",
      "/saleforce_public_fields",
      "/system_alerts",
      "/bulk_push_notifications",
      "/delinquency_notifications",
      "/billing_maintenance_settings",
      "/feature-flags",
      "/open311-keys",
      "/audit-trail",
      "/finance-export",
      "/message-templates",
    ]);
  });

  it("shows no unread badge when /api/notifications is missing (404)", async () => {
    fakeFetch(languagesRoute, flagsRoute());
    renderShell("onboarded", "/dashboard");
    const button = await screen.findByRole("button", { name: /Maria Lopez/ });
    await waitFor(() => expect(button.textContent).toBe("Maria Lopez"));
  });

  it("counts unread messages in the user menu", async () => {
    fakeFetch(languagesRoute, flagsRoute(), ({ url }) =>
      url === "/api/notifications"
        ? json([{ ReadAt: null }, { ReadAt: "2024-05-01T10:00:00Z" }, { ReadAt: null }])
        : undefined,
    );
    renderShell("onboarded", "/dashboard");
    await screen.findByRole("button", { name: /^Maria Lopez\s*, 2 unread messages$/ });
    await userEvent.click(screen.getByRole("button", { name: /Maria Lopez/ }));
    expect(screen.getByRole("link", { name: /^Messages\s*, 2 unread messages$/ }).getAttribute("href")).toBe(
      "/messages",
    );
    expect(screen.getByRole("link", { name: "Manage account" }).getAttribute("href")).toBe("/account/user-1");
    expect(screen.getByText("maria@example.com")).toBeTruthy();
  });

  it("closes the user menu with Escape and returns focus to its button", async () => {
    fakeFetch(languagesRoute, flagsRoute());
    renderShell("onboarded", "/dashboard");
    const button = await screen.findByRole("button", { name: /Maria Lopez/ });
    await userEvent.click(button);
    expect(button.getAttribute("aria-expanded")).toBe("true");
    await userEvent.keyboard("{Escape}");
    expect(button.getAttribute("aria-expanded")).toBe("false");
    expect(document.activeElement).toBe(button);
  });

  it("searches the site on Enter", async () => {
    fakeFetch(languagesRoute, flagsRoute());
    const router = renderShell("anonymous");
    await userEvent.type(await screen.findByRole("searchbox", { name: "Search the site" }), "leaf pickup{Enter}");
    await screen.findByRole("heading", { level: 1, name: "Search results" });
    expect(router.state.location.pathname).toBe("/search");
    expect(router.state.location.search).toBe("?term=leaf%20pickup");
  });

  it("moves focus to the new page's heading after navigation and sets the title", async () => {
    fakeFetch(languagesRoute, flagsRoute());
    renderShell("anonymous");
    await screen.findByRole("heading", { level: 1, name: "City of Elgin Portal" });
    expect(document.title).toBe("City of Elgin Portal");
    await userEvent.click(screen.getByRole("link", { name: "Log in" }));
    const heading = await screen.findByRole("heading", { level: 1, name: "Log in" });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(document.title).toBe("Log in | City of Elgin Portal");
  });

  it("opens the mobile menu as a labelled dialog with site links and Login; Escape closes it", async () => {
    fakeFetch(languagesRoute, flagsRoute());
    renderShell("anonymous");
    const toggle = await screen.findByRole("button", { name: "Menu" });
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
    await userEvent.click(toggle);
    expect(toggle.getAttribute("aria-expanded")).toBe("true");
    const menu = screen.getByRole("dialog", { name: "Menu" });
    expect(menu.id).toBe(toggle.getAttribute("aria-controls"));
    const links = within(menu)
      .getAllByRole("link")
      .map((link) => link.textContent);
    expect(links).toEqual(["Home", "Residents", "Business", "Visitors", "Government", "About", "Log in"]);
    menu.dispatchEvent(new Event("cancel", { cancelable: true }));
    await waitFor(() => expect(toggle.getAttribute("aria-expanded")).toBe("false"));
    expect(menu.hasAttribute("open")).toBe(false);
  });

  it("gives signed-in users the sidebar items and Logout in the mobile menu", async () => {
    fakeFetch(languagesRoute, flagsRoute());
    let signedOut = false;
    renderShell("onboarded", "/dashboard", {
      signOut: async () => {
        signedOut = true;
      },
    });
    await userEvent.click(await screen.findByRole("button", { name: "Menu" }));
    const menu = within(screen.getByRole("dialog", { name: "Menu" }));
    expect(menu.getByRole("link", { name: "In progress" })).toBeTruthy();
    await userEvent.click(menu.getByRole("button", { name: "Log out" }));
    expect(signedOut).toBe(true);
  });
});
