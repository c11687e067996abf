import { PERSONAL_ORGANIZATION } from "@contract/access";
import type { RouteObject } from "react-router-dom";
import { routesFor } from "@/app/route-table";
import type { SignInStage } from "@/lib/auth/auth-state";

/**
 * Loads every page module of every route table once. The first import of a page is compiled by
 * Vitest on the spot, which on a loaded machine takes longer than a test waits for a heading; the
 * tests are about routing, so they start with the modules in memory, as a warm browser cache has.
 */
export async function preloadPages(): Promise<void> {
  const stages: SignInStage[] = ["anonymous", "unverified", "noCrm", "onboarded"];
  const loaders = new Set<() => unknown>();
  for (const stage of stages) {
    for (const selectedOrganization of [PERSONAL_ORGANIZATION, "org-1"]) {
      const [root] = routesFor(stage, { selectedOrganization }, null);
      for (const route of (root?.children ?? []) as RouteObject[]) {
        if (typeof route.lazy === "function") loaders.add(route.lazy as () => unknown);
      }
    }
  }
  for (const load of loaders) await load();
}
