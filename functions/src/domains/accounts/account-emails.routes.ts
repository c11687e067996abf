// POST /api/users/reset-password
// POST /api/users/resend-registration
import { ZUserEmailInput } from "../../contract/auth-forms";
import { adminAuth } from "../../platform/firebase";
import { notFound } from "../../platform/http/api-error";
import { type AnyRoute, route, type ThrottleRule } from "../../platform/http/route";

/** One budget for both buttons: a few emails per recipient, so no inbox can be flooded. */
const ACCOUNT_EMAIL_THROTTLE: ThrottleRule[] = [
  { name: "account-email-recipient", key: { in: "body", field: "email" }, limit: 5, windowSeconds: 3600 },
  { name: "account-email-caller", key: "caller", limit: 100, windowSeconds: 3600 },
];

/** Reset and verification links return to the dashboard (spec 1 §7). */
function actionCodeSettings() {
  const portal = (process.env.PORTAL_URL ?? "").replace(/\/$/, "");
  return portal ? { url: `${portal}/dashboard` } : undefined;
}

function isUserNotFound(error: unknown): boolean {
  return (error as { code?: string })?.code === "auth/user-not-found";
}

/**
 * The admin user view's buttons (spec 3). firebase-admin only generates the links; Firebase Auth
 * sends its templated email when the link is generated through the client flow, so production
 * mails the generated link through the city's mail provider (the Auth emulator records it locally).
 */
export const accountEmailRoutes: AnyRoute[] = [
  route({
    method: "POST",
    path: "/api/users/reset-password",
    access: "admin",
    body: ZUserEmailInput,
    throttle: ACCOUNT_EMAIL_THROTTLE,
    example: { body: { email: "maria.lopez@example.com" } },
    summary: "Admin: sends a password reset link to a user",
    handler: async ({ body, log }) => {
      try {
        await adminAuth().generatePasswordResetLink(body.email.toLowerCase(), actionCodeSettings());
      } catch (error) {
        if (isUserNotFound(error)) throw notFound("No user has this email.");
        throw error;
      }
      log.info("password reset link generated");
      return { sent: true };
    },
  }),
  route({
    method: "POST",
    path: "/api/users/resend-registration",
    access: "admin",
    body: ZUserEmailInput,
    throttle: ACCOUNT_EMAIL_THROTTLE,
    example: { body: { email: "new.neighbor@example.com" } },
    summary: "Admin: sends the email verification link again",
    handler: async ({ body, log }) => {
      try {
        await adminAuth().generateEmailVerificationLink(body.email.toLowerCase(), actionCodeSettings());
      } catch (error) {
        if (isUserNotFound(error)) throw notFound("No user has this email.");
        throw error;
      }
      log.info("verification link generated");
      return { sent: true };
    },
  }),
];
