import type { Request } from "firebase-functions/v2/https";
import { smsConnector } from "../../connectors/sms/connection";
import { SMS_HELP_WORDS, SMS_START_WORDS, SMS_STOP_WORDS, toE164 } from "../../contract/message-preferences";
import { setSmsOptOut } from "../../data/sms-opt-outs";
import { ApiError } from "../../platform/http/api-error";
import { portalOrigin } from "../../platform/portal-url";
import { HELP_REPLY, START_REPLY, STOP_REPLY } from "./texts";

/** Where the provider posts each text's delivery receipts. */
export const STATUS_CALLBACK_PATH = "/api/notifications/sms/status";
/** Where the provider posts texts residents send to the city's number (the number's messaging webhook). */
export const INBOUND_PATH = "/api/notifications/sms/inbound";

export const statusCallbackUrl = () => `${portalOrigin()}${STATUS_CALLBACK_PATH}`;

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

export interface TextToSend {
  to: string;
  body: string;
  userId: string | null;
  kind: string;
}

/** Sends one text at once, with its status callback; a refusal is a 422, an outage a 503. */
export async function sendTextNow(text: TextToSend): Promise<{ sid: string }> {
  const answer = await smsConnector().send({ to: text.to, body: text.body, statusCallback: statusCallbackUrl() });
  if (!answer.accepted) {
    if (answer.optedOut) await setSmsOptOut(text.to, true, "provider-21610");
    throw new ApiError("rejected", "The text message service could not send to this number.");
  }
  return { sid: answer.sid };
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

/** PLACEHOLDER until the message service lands: records a delivery receipt on the text's message. */
export async function recordTextStatus(_sid: string, _status: string, _errorCode: number | null): Promise<void> {}
