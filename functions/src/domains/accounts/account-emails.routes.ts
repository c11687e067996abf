// POST /api/users/reset-password
// POST /api/users/resend-registration
import type { AccountEmailResult } from "../../contract/auth-forms";
import { ZUserEmailInput } from "../../contract/auth-forms";
import { adminAuth } from "../../platform/firebase";
import { ApiError, notFound } from "../../platform/http/api-error";
import { type AnyRoute, route, type ThrottleRule } from "../../platform/http/route";
import { portalOrigin } from "../../platform/portal-url";
import { sendMessage } from "../messages/message.service";

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

type AccountEmail = "passwordReset" | "verifyEmail";

/**
 * The portal's own page for Firebase's one-time code (the city's template, not Firebase's): the
 * reset form at /resetPassword?oobCode=, and any page for a verification code (spec 1 §2.1).
 */
function portalLink(kind: AccountEmail, firebaseLink: string): string {
  const code = new URL(firebaseLink).searchParams.get("oobCode");
  if (!code) throw new Error("Firebase's action link carries no oobCode");
  const link = new URL(kind === "passwordReset" ? "/resetPassword" : "/dashboard", portalOrigin());
  // Firebase's own parameters: the app takes a code without mode (or verifyEmail) for a verification.
  link.searchParams.set("mode", kind === "passwordReset" ? "resetPassword" : "verifyEmail");
  link.searchParams.set("oobCode", code);
  return link.toString();
}

/**
 * Generates Firebase's one-time code for the account and mails it in the city's bilingual template
 * (the person's language), through the message service, within the request: the clerk hears "sent"
 * only when the mail server took it, "queued" when it did not answer (the job sends it later), and
 * a 422 with the server's reason when it refused the address.
 */
async function sendAccountEmail(kind: AccountEmail, email: string): Promise<AccountEmailResult> {
  const address = email.toLowerCase();
  let uid: string;
  let firebaseLink: string;
  try {
    uid = (await adminAuth().getUserByEmail(address)).uid;
    firebaseLink =
      kind === "passwordReset"
        ? await adminAuth().generatePasswordResetLink(address, actionCodeSettings())
        : await adminAuth().generateEmailVerificationLink(address, actionCodeSettings());
  } catch (error) {
    if (isUserNotFound(error)) throw notFound("No user has this email.");
    throw error;
  }
  const message = await sendMessage({ uid, email: address }, kind, { link: portalLink(kind, firebaseLink) }, "email", {
    deliverNow: true,
  });
  if (message.status === "failed" || message.status === "bounced" || message.status === "opted_out") {
    throw new ApiError("rejected", `The mail server refused the email: ${message.reason ?? "no reason given"}`);
  }
  return { sent: message.status === "delivered", status: message.status, messageId: message.id };
}

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
