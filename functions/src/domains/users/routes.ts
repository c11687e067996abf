import type { AuthUser } from "../../contract/user";
import { membershipsOf } from "../../data/org-members";
import { readUser } from "../../data/users";
import { requireUser } from "../../platform/http/principal";
import { type RouteTable, route } from "../../platform/http/route";
import { accountRoutes } from "./account.routes";
import { accountEmailRoutes } from "./account-emails.routes";
import { adminUsersRoutes } from "./admin-users.routes";
import { organizationMembersRoutes } from "./organization-members.routes";
import { profilePictureRoutes } from "./profile-picture.routes";
import { sessionRoutes } from "./session.routes";
import { signupRoutes } from "./signup.routes";
import { ssoRoutes } from "./sso.routes";
import { toPortalUser } from "./user-record";

export const usersRoutes: RouteTable = {
  functionName: "users",
  rewrites: [
    "/api/auth",
    "/api/health",
    "/api/users",
    "/api/users/**",
    "/api/elastic-users",
    "/api/signup",
    "/api/verify",
    "/api/record-session",
    "/api/sso/**",
  ],
  routes: [
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
    ...signupRoutes,
    ...sessionRoutes,
    ...accountEmailRoutes,
    ...ssoRoutes,
    ...accountRoutes,
    ...adminUsersRoutes,
    ...profilePictureRoutes,
    ...organizationMembersRoutes,
  ],
};
