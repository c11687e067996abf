import type { Request } from "firebase-functions/v2/https";
import { smsConnector } from "../../connectors/sms/connection";
import { SMS_HELP_WORDS, SMS_START_WORDS, SMS_STOP_WORDS, toE164 } from "../../contract/message-preferences";
import { type MessageStatus, messageByProviderId, readMessage, recordMessageReceipt } from "../../data/messages";
import { setSmsOptOut } from "../../data/sms-opt-outs";
import { ApiError } from "../../platform/http/api-error";
import { portalOrigin } from "../../platform/portal-url";
import { HELP_REPLY, START_REPLY, STOP_REPLY } from "./texts";

/** Where the provider posts each text's delivery receipts. */
export const STATUS_CALLBACK_PATH = "/api/notifications/sms/status";
/** Where the provider posts texts residents send to the city's number (the number's messaging webhook). */
export const INBOUND_PATH = "/api/notifications/sms/inbound";

/**
 * The status callback of one message: it names the message, so its receipts find it even before the
 * runner has written the provider's sid (the callback can be faster than that write), and the signature,
 * which covers the whole URL, binds the two.
 */
export const statusCallbackUrl = (messageId: string) =>
  `${portalOrigin()}${STATUS_CALLBACK_PATH}?messageId=${encodeURIComponent(messageId)}`;

/**
 * Refuses (403) a webhook that does not carry the provider's signature over the URL it was posted to (the
 * portal's public origin and the path, never the request's Host) and every field of its form, as posted.
 */
export function requireProviderSignature(req: Request): void {
  const raw = req.rawBody?.length ? req.rawBody.toString("utf8") : "";
  const params = Object.fromEntries(new URLSearchParams(raw));
  const url = `${portalOrigin()}${req.originalUrl ?? req.path}`;
  if (!smsConnector().validSignature(req.header("x-twilio-signature") ?? "", url, params)) {
    throw new ApiError("forbidden", "The request is not signed by the text message service.");
  }
}

const xml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** TwiML: the replies the provider sends back to the texter (none: an empty Response). */
export const twiml = (reply: string | null) =>
  `<?xml version="1.0" encoding="UTF-8"?><Response>${reply ? `<Message>${xml(reply)}</Message>` : ""}</Response>`;

/**
 * A text a resident sent to the city's number: a stop word stops texts to that number, START resumes
 * them, HELP answers the city's contact; anything else gets no answer. Returns the reply (or null).
 */
export async function handleInboundText(from: string, body: string): Promise<string | null> {
  const phone = toE164(from) ?? from;
  const word = body.trim().toUpperCase();
  if ((SMS_STOP_WORDS as readonly string[]).includes(word)) {
    await setSmsOptOut(phone, true, word);
    return STOP_REPLY;
  }
  if ((SMS_START_WORDS as readonly string[]).includes(word)) {
    await setSmsOptOut(phone, false, word);
    return START_REPLY;
  }
  if ((SMS_HELP_WORDS as readonly string[]).includes(word)) return HELP_REPLY;
  return null;
}

/** Twilio's delivery error codes (its error dictionary) as a clerk reads them. */
const DELIVERY_ERRORS: Record<number, string> = {
  21610: "the number texted STOP",
  30003: "unreachable handset",
  30004: "message blocked",
  30005: "unknown handset",
  30006: "landline or unreachable carrier",
  30007: "filtered by the carrier",
  30008: "unknown error",
};

/** A Twilio message status as the message service's: where it stands, and why it failed. */
export function receiptOf(status: string, errorCode: number | null): { status: MessageStatus; reason: string | null } {
  const why = errorCode === null ? null : `sms: ${errorCode} ${DELIVERY_ERRORS[errorCode] ?? "delivery error"}`;
  if (errorCode === 21610) return { status: "opted_out", reason: why };
  if (status === "delivered" || status === "read") return { status: "delivered", reason: null };
  if (status === "undelivered" || status === "failed") return { status: "failed", reason: why ?? `sms: ${status}` };
  if (status === "canceled") return { status: "failed", reason: "sms: canceled" };
  return { status: "sending", reason: null };
}

/** How long a receipt waits for the runner to record the sid of a message it just sent. */
const SID_WAIT_MS = 10_000;
const SID_POLL_MS = 250;

/**
 * A signed status callback: records the receipt on the text's message (named by the callback URL, else
 * found by its sid). When the receipt is faster than the runner's record of the sid, it waits for that
 * record, so the runner's "sending" cannot overwrite a "delivered". A late `sent` after `delivered`
 * (callbacks may come out of order) changes nothing. An unknown message or a sid of another changes nothing.
 */
export async function recordTextStatus(
  messageId: string | undefined,
  sid: string,
  status: string,
  errorCode: number | null,
): Promise<void> {
  const find = () => (messageId ? readMessage(messageId) : messageByProviderId("sms", sid));
  let message = await find();
  for (let waited = 0; message && !message.message.providerId && waited < SID_WAIT_MS; waited += SID_POLL_MS) {
    await new Promise((resolve) => setTimeout(resolve, SID_POLL_MS));
    message = await find();
  }
  if (message?.message.channel !== "sms" || message.message.providerId !== sid) return;
  const receipt = receiptOf(status, errorCode);
  if (receipt.status === "sending" && message.message.messageStatus !== "sending") return;
  await recordMessageReceipt(message.id, receipt);
}
