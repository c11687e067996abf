import { randomBytes } from "node:crypto";
import express, { type Request, type Response } from "express";
// The validator the portal uses (twilio/lib/webhooks) computes the same signature: HMAC-SHA1 of the URL
// followed by each parameter's name and value in name order, base64.
import { getExpectedTwilioSignature } from "twilio/lib/webhooks/webhooks.js";
import type { SandboxDefinition } from "../kit.ts";

/** The local account: the functions get these as SMS_ACCOUNT_SID / SMS_AUTH_TOKEN. */
export const SMS_ACCOUNT_SID = "AC0000000000000000000000000000c1e1";
export const SMS_AUTH_TOKEN = "local-sms-auth-token-0000000000";
/** The city's number, the one residents text. */
export const SMS_CITY_NUMBER = "+18475550100";

const E164 = /^\+[1-9]\d{7,14}$/;
const API_VERSION = "2010-04-01";

/** Where a message stands, in Twilio's words. */
export type SmsStatus = "queued" | "sending" | "sent" | "delivered" | "undelivered" | "failed" | "received";

export interface RecordedCallback {
  status: SmsStatus;
  url: string;
  /** The portal's HTTP status, or null when it could not be reached. */
  answer: number | null;
}

/** A message the sandbox accepted (outbound) or a resident sent (inbound), as GET /__control/messages lists it. */
export interface RecordedSms {
  sid: string;
  direction: "outbound-api" | "outbound-reply" | "inbound";
  to: string;
  from: string;
  body: string;
  messagingServiceSid: string | null;
  statusCallback: string | null;
  status: SmsStatus;
  errorCode: number | null;
  dateCreated: string;
  callbacks: RecordedCallback[];
}

/** A number the knob makes fail: its messages end `undelivered` (or `failed`) with the carrier's error code. */
interface NumberFault {
  status: "undelivered" | "failed";
  errorCode: number;
}

const sidOf = (prefix: string) => `${prefix}${randomBytes(16).toString("hex")}`;

function twilioError(res: Response, status: number, code: number, message: string) {
  res.status(status).json({ code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status });
}

/** Basic auth sid:token, as the REST API checks it. */
function authorized(req: Request): boolean {
  const header = req.header("authorization") ?? "";
  const [scheme, encoded] = header.split(" ");
  if (scheme?.toLowerCase() !== "basic" || !encoded) return false;
  const [user, ...rest] = Buffer.from(encoded, "base64").toString("utf8").split(":");
  return user === SMS_ACCOUNT_SID && rest.join(":") === SMS_AUTH_TOKEN && req.params.sid === SMS_ACCOUNT_SID;
}

/** RFC 2822, as Twilio writes date_created. */
const rfc2822 = (date: Date) => date.toUTCString().replace("GMT", "+0000");

function resource(message: RecordedSms) {
  return {
    sid: message.sid,
    account_sid: SMS_ACCOUNT_SID,
    api_version: API_VERSION,
    to: message.to,
    from: message.from,
    messaging_service_sid: message.messagingServiceSid,
    body: message.body,
    status: message.status,
    num_segments: String(Math.max(1, Math.ceil(message.body.length / 153))),
    num_media: "0",
    direction: message.direction,
    date_created: rfc2822(new Date(message.dateCreated)),
    date_updated: rfc2822(new Date()),
    date_sent: null,
    price: null,
    price_unit: "USD",
    error_code: message.errorCode,
    error_message: null,
    uri: `/${API_VERSION}/Accounts/${SMS_ACCOUNT_SID}/Messages/${message.sid}.json`,
  };
}

/** Words that stop (or resume) texts from the city's number, as carriers and Twilio's opt-out handling read them. */
const STOP_WORDS = ["STOP", "STOPALL", "UNSUBSCRIBE", "CANCEL", "END", "QUIT"];
const START_WORDS = ["START", "YES", "UNSTOP"];

/** Posts a form, signed as Twilio signs webhooks; the portal's HTTP status and body, or null status if unreachable. */
async function postSigned(
  url: string,
  params: Record<string, string>,
): Promise<{ status: number | null; text: string }> {
  const signature = getExpectedTwilioSignature(SMS_AUTH_TOKEN, url, params);
  try {
    const response = await fetch(url, {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded; charset=utf-8",
        "x-twilio-signature": signature,
        "user-agent": "TwilioProxy/1.1",
      },
      body: new URLSearchParams(params).toString(),
      signal: AbortSignal.timeout(15_000),
    });
    return { status: response.status, text: await response.text() };
  } catch {
    return { status: null, text: "" };
  }
}

/** The texts of a TwiML answer's <Message> elements (the replies the portal asks Twilio to send). */
function twimlMessages(xml: string): string[] {
  const decode = (text: string) =>
    text
      .replace(/&lt;/g, "<")
      .replace(/&gt;/g, ">")
      .replace(/&quot;/g, '"')
      .replace(/&apos;/g, "'")
      .replace(/&amp;/g, "&");
  return [...xml.matchAll(/<Message(?:\s[^>]*)?>([\s\S]*?)<\/Message>/g)].map((match) =>
    decode((match[1] ?? "").replace(/<Body>|<\/Body>/g, "").trim()),
  );
}

/**
 * Twilio's Programmable Messaging REST API (POST /2010-04-01/Accounts/{sid}/Messages.json, form-encoded,
 * Basic auth sid:token). Each accepted message answers `queued`, then its StatusCallback gets `sent` and
 * `delivered` (or the fault of its number), each signed with X-Twilio-Signature. A number that texted a
 * stop word is refused with 21610 until it texts START, as Twilio's default opt-out handling does.
 *
 * Control (tests and people): GET /__control/messages?to= lists messages; PUT /__control/numbers/{number}
 * {status, errorCode} makes a number fail (DELETE clears it); POST /__control/messages/{sid}/status
 * {status, errorCode?} sends one more status callback; POST /__control/inbound {from, body, url?} texts the
 * city's number from a phone: posted, signed, to the portal's inbound webhook (or `url`); the TwiML
 * <Message> replies are recorded as messages to that phone. PUT /__control/callbacks {delayMs} spaces
 * the callbacks.
 */
export const smsSandbox: SandboxDefinition = {
  name: "sms",
  createApp: ({ onReset }) => {
    let messages: RecordedSms[] = [];
    let numberFaults = new Map<string, NumberFault>();
    let optedOut = new Set<string>();
    let callbackDelayMs = 30;
    const reset = () => {
      messages = [];
      numberFaults = new Map();
      optedOut = new Set();
      callbackDelayMs = 30;
    };
    onReset(reset);
    const app = express();
    app.use(express.urlencoded({ extended: false, limit: "100kb" }));
    app.use("/__control", express.json());

    const callback = async (message: RecordedSms, status: SmsStatus, errorCode: number | null) => {
      message.status = status;
      message.errorCode = errorCode;
      if (!message.statusCallback) return;
      const params: Record<string, string> = {
        AccountSid: SMS_ACCOUNT_SID,
        ApiVersion: API_VERSION,
        From: message.from,
        To: message.to,
        MessageSid: message.sid,
        SmsSid: message.sid,
        MessageStatus: status,
        SmsStatus: status,
        ...(message.messagingServiceSid ? { MessagingServiceSid: message.messagingServiceSid } : {}),
        ...(errorCode !== null ? { ErrorCode: String(errorCode) } : {}),
      };
      const { status: answer } = await postSigned(message.statusCallback, params);
      message.callbacks.push({ status, url: message.statusCallback, answer });
    };

    const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    const progress = async (message: RecordedSms) => {
      const fault = numberFaults.get(message.to);
      await sleep(callbackDelayMs);
      if (fault?.status === "failed") {
        await callback(message, "failed", fault.errorCode);
        return;
      }
      await callback(message, "sent", null);
      await sleep(callbackDelayMs);
      if (fault) await callback(message, "undelivered", fault.errorCode);
      else await callback(message, "delivered", null);
    };

    app.post(`/${API_VERSION}/Accounts/:sid/Messages.json`, (req, res) => {
      if (!authorized(req)) {
        twilioError(res, 401, 20003, "Authenticate");
        return;
      }
      const form = (req.body ?? {}) as Record<string, string | undefined>;
      const to = form.To ?? "";
      const from = form.From ?? "";
      const service = form.MessagingServiceSid ?? "";
      const body = form.Body ?? "";
      if (!to) return twilioError(res, 400, 21604, "A 'To' phone number is required.");
      if (!E164.test(to)) return twilioError(res, 400, 21211, `The 'To' number ${to} is not a valid phone number.`);
      if (!from && !service)
        return twilioError(res, 400, 21603, "A 'From' or 'MessagingServiceSid' parameter is required.");
      if (from && from !== SMS_CITY_NUMBER) {
        return twilioError(
          res,
          400,
          21606,
          `The From phone number ${from} is not a valid, SMS-capable inbound phone number or short code for your account.`,
        );
      }
      if (!body.trim()) return twilioError(res, 400, 21602, "Message body is required.");
      if (body.length > 1600)
        return twilioError(res, 400, 21617, "The concatenated message body exceeds the 1600 character limit.");
      if (optedOut.has(to)) return twilioError(res, 400, 21610, "Attempt to send to unsubscribed recipient");
      const message: RecordedSms = {
        sid: sidOf("SM"),
        direction: "outbound-api",
        to,
        from: from || SMS_CITY_NUMBER,
        body,
        messagingServiceSid: service || null,
        statusCallback: form.StatusCallback || null,
        status: "queued",
        errorCode: null,
        dateCreated: new Date().toISOString(),
        callbacks: [],
      };
      messages.push(message);
      res.status(201).json(resource(message));
      void progress(message);
    });

    app.get(`/${API_VERSION}/Accounts/:sid/Messages/:messageSid.json`, (req, res) => {
      if (!authorized(req)) return twilioError(res, 401, 20003, "Authenticate");
      const message = messages.find((candidate) => candidate.sid === req.params.messageSid);
      if (!message)
        return twilioError(
          res,
          404,
          20404,
          `The requested resource /${API_VERSION}/Accounts/${SMS_ACCOUNT_SID}/Messages/${req.params.messageSid}.json was not found`,
        );
      res.json(resource(message));
    });

    app.get("/__control/messages", (req, res) => {
      const to = typeof req.query.to === "string" ? req.query.to : null;
      const listed = to ? messages.filter((message) => message.to === to) : messages;
      res.json({ count: listed.length, messages: listed });
    });
    app.put("/__control/numbers/:number", (req, res) => {
      const { status = "undelivered", errorCode = 30003 } = (req.body ?? {}) as Partial<NumberFault>;
      if (
        !E164.test(req.params.number) ||
        (status !== "undelivered" && status !== "failed") ||
        !Number.isInteger(errorCode)
      ) {
        res.status(400).json({ error: "number in E.164; status undelivered|failed; errorCode an integer" });
        return;
      }
      numberFaults.set(req.params.number, { status, errorCode });
      res.json({ number: req.params.number, status, errorCode });
    });
    app.delete("/__control/numbers/:number", (req, res) => {
      numberFaults.delete(req.params.number);
      res.status(204).end();
    });
    app.put("/__control/callbacks", (req, res) => {
      const { delayMs } = (req.body ?? {}) as { delayMs?: unknown };
      if (typeof delayMs !== "number" || delayMs < 0 || delayMs > 60_000) {
        res.status(400).json({ error: "delayMs: 0..60000" });
        return;
      }
      callbackDelayMs = delayMs;
      res.json({ delayMs });
    });
    app.post("/__control/messages/:sid/status", async (req, res) => {
      const message = messages.find((candidate) => candidate.sid === req.params.sid);
      const { status, errorCode = null } = (req.body ?? {}) as { status?: SmsStatus; errorCode?: number | null };
      if (!message) {
        res.status(404).json({ error: "no such message" });
        return;
      }
      if (!status || !["queued", "sending", "sent", "delivered", "undelivered", "failed"].includes(status)) {
        res.status(400).json({ error: "status: a Twilio message status" });
        return;
      }
      await callback(message, status, errorCode);
      res.json(message);
    });
    app.post("/__control/inbound", async (req, res) => {
      const { from, body, url } = (req.body ?? {}) as { from?: unknown; body?: unknown; url?: unknown };
      const target =
        typeof url === "string" && url
          ? url
          : process.env.PORTAL_URL
            ? `${process.env.PORTAL_URL}/api/notifications/sms/inbound`
            : null;
      if (typeof from !== "string" || !E164.test(from) || typeof body !== "string" || !target) {
        res.status(400).json({ error: "from in E.164, body a string; url unless PORTAL_URL is set" });
        return;
      }
      const inbound: RecordedSms = {
        sid: sidOf("SM"),
        direction: "inbound",
        to: SMS_CITY_NUMBER,
        from,
        body,
        messagingServiceSid: null,
        statusCallback: null,
        status: "received",
        errorCode: null,
        dateCreated: new Date().toISOString(),
        callbacks: [],
      };
      messages.push(inbound);
      const word = body.trim().toUpperCase();
      if (STOP_WORDS.includes(word)) optedOut.add(from);
      if (START_WORDS.includes(word)) optedOut.delete(from);
      const answer = await postSigned(target, {
        ToCountry: "US",
        SmsMessageSid: inbound.sid,
        NumMedia: "0",
        SmsSid: inbound.sid,
        SmsStatus: "received",
        Body: body,
        To: SMS_CITY_NUMBER,
        NumSegments: "1",
        MessageSid: inbound.sid,
        AccountSid: SMS_ACCOUNT_SID,
        From: from,
        ApiVersion: API_VERSION,
      });
      const replies = answer.status !== null && answer.status < 300 ? twimlMessages(answer.text) : [];
      for (const reply of replies) {
        messages.push({
          ...inbound,
          sid: sidOf("SM"),
          direction: "outbound-reply",
          to: from,
          from: SMS_CITY_NUMBER,
          body: reply,
          status: "delivered",
          dateCreated: new Date().toISOString(),
        });
      }
      res.json({ sid: inbound.sid, webhookStatus: answer.status, replies });
    });
    return app;
  },
  env: (baseUrl) => ({
    SMS_API_URL: baseUrl,
    SMS_ACCOUNT_SID,
    SMS_AUTH_TOKEN,
    SMS_FROM_NUMBER: SMS_CITY_NUMBER,
  }),
  fail: (_req, res) => twilioError(res, 503, 20500, "Service Unavailable"),
};
