import type { AuthUser } from "../../contract/user";
import { membershipsOf } from "../../data/org-members";
import { readUser } from "../../data/users";
import { requireUser } from "../../platform/http/principal";
import { type AnyRoute, route } from "../../platform/http/route";
import { toPortalUser } from "./user-record";

/** Liveness, and the signed-in user as the portal knows them. */
export const authRoutes: AnyRoute[] = [
  // GET /api/health
  route({
    method: "GET",
    path: "/api/health",
    access: "public",
    summary: "Liveness of the API functions",
    handler: () => ({ ok: true }),
  }),
  // GET /api/auth
  route({
    method: "GET",
    path: "/api/auth",
    access: "signedIn",
    summary: "The signed-in user (spec 1 §7) with the organizations they may act for; 401 means nobody is signed in",
    handler: async ({ user }): Promise<AuthUser> => {
      const principal = requireUser(user);
      const [stored, memberships] = await Promise.all([readUser(principal.uid), membershipsOf(principal.uid)]);
      return {
        ...toPortalUser(principal, stored),
        organizations: memberships
          .filter((membership) => membership.Verified && membership.organizationId)
          .map((membership) => ({
            Id: String(membership.organizationId),
            SalesforceId: String(membership.organizationId),
            Name: membership.OrganizationName ?? String(membership.organizationId),
            Role: membership.Role,
          }))
          .sort((a, b) => a.Name.localeCompare(b.Name)),
      };
    },
  }),
];
