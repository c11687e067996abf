import type { AccountEmailResult } from "../../contract/auth-forms";
import { adminAuth } from "../../platform/firebase";
import { ApiError, notFound } from "../../platform/http/api-error";
import { portalOrigin } from "../../platform/portal-url";
import { sendMessage } from "../messages/message.service";

/** Reset and verification links return to the dashboard (spec 1 §7). */
function actionCodeSettings() {
  const portal = (process.env.PORTAL_URL ?? "").replace(/\/$/, "");
  return portal ? { url: `${portal}/dashboard` } : undefined;
}

function isUserNotFound(error: unknown): boolean {
  return (error as { code?: string })?.code === "auth/user-not-found";
}

export type AccountEmail = "passwordReset" | "verifyEmail";

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
export async function sendAccountEmail(kind: AccountEmail, email: string): Promise<AccountEmailResult> {
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
