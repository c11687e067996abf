import { accountRoutes } from "../domains/accounts/account.routes";
import { accountEmailRoutes } from "../domains/accounts/account-emails.routes";
import { authRoutes } from "../domains/accounts/auth.routes";
import { profilePictureRoutes } from "../domains/accounts/profile-picture.routes";
import { sessionRoutes } from "../domains/accounts/session.routes";
import { signupRoutes } from "../domains/accounts/signup.routes";
import { auditRoutes } from "../domains/audit/audit.routes";
import { consoleAssistRoutes } from "../domains/console/assist.routes";
import { paymentLinkRoutes } from "../domains/console/payment-links.routes";
import { consolePeopleRoutes } from "../domains/console/people.routes";
import { consolePhonePaymentRoutes } from "../domains/console/phone-payment.routes";
import { consoleReportModerationRoutes } from "../domains/console/report-moderation.routes";
import { counterRoutes } from "../domains/counter/counter.routes";
import { counterConsoleRoutes } from "../domains/counter/counter-console.routes";
import { messagePreferencesRoutes } from "../domains/message-preferences/message-preferences.routes";
import { organizationInvitationRoutes } from "../domains/organizations/organization-invitations.routes";
import { organizationMembersRoutes } from "../domains/organizations/organization-members.routes";
import { ssoRoutes } from "../domains/sso/sso.routes";
import { adminUsersRoutes } from "../domains/users-admin/admin-users.routes";
import type { RouteTable } from "../platform/http/route";

/** Sign-up, the signed-in user's account, single sign-on, organization members, user administration; the design card's `users` function. */
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
    "/api/audit",
    "/api/audit/**",
    "/api/console/**",
    "/api/counter/**",
    "/api/payment-links/**",
  ],
  routes: [
    ...authRoutes,
    ...signupRoutes,
    ...sessionRoutes,
    ...accountEmailRoutes,
    ...ssoRoutes,
    ...accountRoutes,
    ...adminUsersRoutes,
    ...profilePictureRoutes,
    ...organizationMembersRoutes,
    ...organizationInvitationRoutes,
    ...messagePreferencesRoutes,
    ...auditRoutes,
    ...consolePeopleRoutes,
    ...consoleAssistRoutes,
    ...consolePhonePaymentRoutes,
    ...paymentLinkRoutes,
    ...consoleReportModerationRoutes,
    ...counterRoutes,
    ...counterConsoleRoutes,
  ],
};
