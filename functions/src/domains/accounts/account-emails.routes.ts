// POST /api/users/reset-password
// POST /api/users/resend-registration
import { ZUserEmailInput } from "../../contract/auth-forms";
import { type AnyRoute, route, type ThrottleRule } from "../../platform/http/route";
import { sendAccountEmail } from "./account-emails.service";

/** One budget for both buttons: a few emails per recipient, so no inbox can be flooded. */
const ACCOUNT_EMAIL_THROTTLE: ThrottleRule[] = [
  { name: "account-email-recipient", key: { in: "body", field: "email" }, limit: 5, windowSeconds: 3600 },
  { name: "account-email-caller", key: "caller", limit: 100, windowSeconds: 3600 },
];

/** The admin user view's buttons (spec 3): the email goes out through the city's mail relay. */
export const accountEmailRoutes: AnyRoute[] = [
  route({
    method: "POST",
    path: "/api/users/reset-password",
    access: "admin",
    body: ZUserEmailInput,
    throttle: ACCOUNT_EMAIL_THROTTLE,
    example: { body: { email: "maria.lopez@example.com" } },
    summary: "Admin: emails a user a password reset link (sent: the mail server took it; queued: it did not answer)",
    handler: async ({ body, log }) => {
      const result = await sendAccountEmail("passwordReset", body.email);
      log.info("password reset email", { status: result.status, messageId: result.messageId });
      return result;
    },
  }),
  route({
    method: "POST",
    path: "/api/users/resend-registration",
    access: "admin",
    body: ZUserEmailInput,
    throttle: ACCOUNT_EMAIL_THROTTLE,
    example: { body: { email: "new.neighbor@example.com" } },
    summary: "Admin: emails the email verification link again (sent, or queued for the job)",
    handler: async ({ body, log }) => {
      const result = await sendAccountEmail("verifyEmail", body.email);
      log.info("verification email", { status: result.status, messageId: result.messageId });
      return result;
    },
  }),
];
