import { PERSONAL_ORGANIZATION } from "@contract/access";
import { screen } from "@testing-library/react";
import { createMemoryRouter, Outlet } from "react-router-dom";
import { beforeAll, describe, expect, it } from "vitest";
import { paths } from "@/config/paths";
import type { SignInStage } from "@/lib/auth/auth-state";
import { i18n } from "@/lib/i18n";
import { fakeAuth, renderWithAppProviders } from "@/testing/fake-auth";
import { fakeFetch } from "@/testing/fake-fetch";
import { preloadPages } from "@/testing/preload-pages";
import { pagesFor, routesFor } from "../route-table";

/** Pages read auth, server state, toasts and modals: the app's providers, with every API answering 404. */
function renderWithProviders(
  stage: SignInStage,
  router: ReturnType<typeof createMemoryRouter>,
  selectedOrganization = PERSONAL_ORGANIZATION,
) {
  fakeFetch();
  return renderWithAppProviders(fakeAuth(stage, { selectedOrganization }), router);
}

async function visit(stage: SignInStage, path: string, selectedOrganization = PERSONAL_ORGANIZATION) {
  const router = createMemoryRouter(routesFor(stage, { selectedOrganization }, <Outlet />), {
    initialEntries: [path],
  });
  renderWithProviders(stage, router, selectedOrganization);
  const heading = await screen.findByRole("heading", { level: 1 });
  return { pathname: router.state.location.pathname, heading: heading.textContent };
}

// Pages are lazy chunks: compile them before the tests time their headings.
beforeAll(preloadPages, 120_000);

describe("route table per sign-in state (spec 1 §2.1)", () => {
  it.each([
    // [stage, requested path, where it lands, heading there]
    ["anonymous", "/dashboard", "/", "City of Elgin Portal"],
    ["anonymous", "/login", "/login", "Log in"],
    ["anonymous", "/payment", "/payment", "Pay a bill"],
    ["anonymous", "/account/create", "/", "City of Elgin Portal"],
    ["anonymous", "/account/verificationRequired", "/", "City of Elgin Portal"],
    ["anonymous", "/no/such/page", "/", "City of Elgin Portal"],
    ["unverified", "/dashboard", "/account/verificationRequired", "Verify your email address"],
    ["unverified", "/login", "/login", "Log in"],
    ["unverified", "/account/create", "/account/verificationRequired", "Verify your email address"],
    ["noCrm", "/dashboard", "/account/create/address", "Create your account: your address"],
    ["noCrm", "/account/create", "/account/create/address", "Create your account: your address"],
    [
      "noCrm",
      "/account/create/account-information",
      "/account/create/account-information",
      "Create your account: your accounts",
    ],
    ["noCrm", "/elgin_today", "/elgin_today", "Elgin Today"],
    ["noCrm", "/payment", "/account/create/address", "Create your account: your address"],
    ["noCrm", "/login", "/account/create/address", "Create your account: your address"],
    ["onboarded", "/dashboard", "/dashboard", "Dashboard"],
    ["onboarded", "/dashboard/a0X000000000001", "/dashboard/a0X000000000001", "Dashboard"],
    // A record id at the root works as /dashboard/{RecordId}; another unknown path still goes home.
    ["onboarded", "/a0X000000000001", "/dashboard/a0X000000000001", "Dashboard"],
    ["onboarded", "/a0X000000000001AAA", "/dashboard/a0X000000000001AAA", "Dashboard"],
    ["onboarded", "/no-such-page", "/", "City of Elgin Portal"],
    ["onboarded", "/knowledgebases", "/", "City of Elgin Portal"],
    ["anonymous", "/a0X000000000001AAA", "/", "City of Elgin Portal"],
    ["onboarded", "/no/such/page", "/", "City of Elgin Portal"],
    ["onboarded", "/login", "/", "City of Elgin Portal"],
    ["onboarded", "/account/create", "/account/create/address", "Create your account: your address"],
    ["onboarded", "/account/user-1", "/account/user-1", "Manage account"],
    ["onboarded", "/activities/other_permit", "/activities/other_permit", "Other permit application"],
    ["onboarded", "/activities/a01", "/activities/a01", "Edit activity"],
    ["onboarded", "/users/view/u2/users", "/users/view/u2/users", "User details"],
    ["onboarded", "/saleforce_public_fields", "/saleforce_public_fields", "Public fields"],
    ["onboarded", "/feature-flags", "/feature-flags", "Feature flags"],
    ["onboarded", "/report", "/report", "Report a problem"],
    ["onboarded", "/feedback", "/feedback", "Send us feedback"],
    ["onboarded", "/organization_management", "/", "City of Elgin Portal"],
    // A report's public page (issue 33): anyone, or someone signed in once through account creation.
    ["anonymous", "/reports/500000000000009AAA", "/reports/500000000000009AAA", "Reported problem"],
    ["onboarded", "/reports/500000000000009AAA", "/reports/500000000000009AAA", "Reported problem"],
    ["unverified", "/reports/500000000000009AAA", "/account/verificationRequired", "Verify your email address"],
    ["noCrm", "/reports/500000000000009AAA", "/account/create/address", "Create your account: your address"],
  ] as const)("%s %s lands on %s", async (stage, path, expectedPath, expectedHeading) => {
    const { pathname, heading } = await visit(stage, path);
    expect(pathname).toBe(expectedPath);
    expect(heading).toBe(expectedHeading);
  });

  it("offers organization management, not reports, when acting for an organization", async () => {
    const management = await visit("onboarded", "/organization_management", "org-42");
    expect(management).toEqual({ pathname: "/organization_management", heading: "Organization management" });
  });

  it.each(["/report", "/feedback"])("sends %s home when acting for an organization", async (path) => {
    const { pathname } = await visit("onboarded", path, "org-42");
    expect(pathname).toBe("/");
  });

  it("registers admin pages for onboarded users only", () => {
    expect(pagesFor("onboarded", { selectedOrganization: PERSONAL_ORGANIZATION })).toContain("featureFlagsAdmin");
    for (const stage of ["anonymous", "unverified", "noCrm"] as const) {
      expect(pagesFor(stage, { selectedOrganization: PERSONAL_ORGANIZATION })).not.toContain("usersAdmin");
    }
  });
});

describe("every page of every table", () => {
  const stages: SignInStage[] = ["anonymous", "unverified", "noCrm", "onboarded"];
  const concretePath = (pattern: string) => pattern.replace(/\/:(\w+)\?/g, "").replace(/:(\w+)/g, "x1");

  it.each(stages)(
    "renders a translated <h1> in English and Spanish (%s)",
    async (stage) => {
      for (const language of ["en", "es"]) {
        await i18n.changeLanguage(language);
        for (const page of pagesFor(stage, { selectedOrganization: PERSONAL_ORGANIZATION })) {
          // recordLink only forwards (to /dashboard/{RecordId} or /), as the cases above show.
          if (page === "home" || page === "accountCreate" || page === "recordLink") continue;
          const pattern = paths[page].path;
          const { pathname, heading, unmount } = await (async () => {
            const router = createMemoryRouter(
              routesFor(stage, { selectedOrganization: PERSONAL_ORGANIZATION }, <Outlet />),
              { initialEntries: [concretePath(pattern)] },
            );
            const view = renderWithProviders(stage, router);
            const found = await screen.findByRole("heading", { level: 1 });
            return {
              pathname: router.state.location.pathname,
              heading: found.textContent ?? "",
              unmount: view.unmount,
            };
          })();
          expect(pathname, `${stage} ${pattern}`).toBe(concretePath(pattern));
          expect(heading, `${stage} ${pattern} (${language})`).not.toMatch(/^Pages\./);
          expect(heading.length).toBeGreaterThan(0);
          unmount();
        }
      }
      // Every page of the table in two languages, each with the app's providers: allow the time.
    },
    60_000,
  );
});
