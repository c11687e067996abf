// POST /api/users/reset-password
// POST /api/users/resend-registration
import { ZUserEmailInput } from "../../contract/auth-forms";
import { type AnyRoute, route, type ThrottleRule } from "../../platform/http/route";
import { type AccountEmail, sendAccountEmail } from "./account-emails.service";

/** One budget for both buttons: a few emails per recipient, so no inbox can be flooded. */
const ACCOUNT_EMAIL_THROTTLE: ThrottleRule[] = [
  { name: "account-email-recipient", key: { in: "body", field: "email" }, limit: 5, windowSeconds: 3600 },
  { name: "account-email-caller", key: "caller", limit: 100, windowSeconds: 3600 },
];

/** A button of the admin user view: emails a user one account email and logs how it went. */
function accountEmailRoute(button: {
  path: string;
  email: AccountEmail;
  summary: string;
  example: string;
  logged: string;
}): AnyRoute {
  return route({
    method: "POST",
    path: button.path,
    access: "admin",
    body: ZUserEmailInput,
    throttle: ACCOUNT_EMAIL_THROTTLE,
    example: { body: { email: button.example } },
    summary: button.summary,
    handler: async ({ body, log }) => {
      const result = await sendAccountEmail(button.email, body.email);
      log.info(button.logged, { status: result.status, messageId: result.messageId });
      return result;
    },
  });
}

/** The admin user view's buttons (spec 3): the email goes out through the city's mail relay. */
export const accountEmailRoutes: AnyRoute[] = [
  accountEmailRoute({
    path: "/api/users/reset-password",
    email: "passwordReset",
    summary: "Admin: emails a user a password reset link (sent: the mail server took it; queued: it did not answer)",
    example: "maria.lopez@example.com",
    logged: "password reset email",
  }),
  accountEmailRoute({
    path: "/api/users/resend-registration",
    email: "verifyEmail",
    summary: "Admin: emails the email verification link again (sent, or queued for the job)",
    example: "new.neighbor@example.com",
    logged: "verification email",
  }),
];
