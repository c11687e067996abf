// POST /api/notifications/sms/status
// POST /api/notifications/sms/inbound

import { z } from "zod";
import { ZDocumentId } from "../../contract/ids";
import type { ThrottleRule } from "../../platform/http/route";
import { type AnyRoute, route } from "../../platform/http/route";
import { replyToFixedAnswer } from "./fixed-replies.service";
import {
  handleInboundText,
  INBOUND_PATH,
  recordTextStatus,
  requireProviderSignature,
  STATUS_CALLBACK_PATH,
  twiml,
} from "./text-messages.service";

const ZMessageSid = z.string().regex(/^(SM|MM)[0-9a-f]{32}$/, "Invalid");
const ZAccountSid = z.string().regex(/^AC[0-9a-f]{32}$/, "Invalid");
const ZPhone = z.string().regex(/^\+[1-9]\d{7,14}$/, "Invalid");

/**
 * Twilio's status callback form (the fields we read; Twilio adds others, which are kept for the
 * signature and otherwise ignored).
 */
const ZStatusCallback = z.object({
  MessageSid: ZMessageSid,
  AccountSid: ZAccountSid,
  MessageStatus: z.enum([
    "accepted",
    "scheduled",
    "queued",
    "sending",
    "sent",
    "delivered",
    "undelivered",
    "failed",
    "read",
    "canceled",
  ]),
  ErrorCode: z
    .string()
    .regex(/^\d{1,6}$/, "Invalid")
    .optional(),
  To: ZPhone.optional(),
});

/** Twilio's inbound message form. */
const ZInboundText = z.object({
  MessageSid: ZMessageSid,
  AccountSid: ZAccountSid,
  From: ZPhone,
  To: ZPhone,
  Body: z.string().max(1600, "Invalid"),
});

/**
 * The provider's posts are signed; a post whose signature does not hold is refused (403) and takes a
 * slot of the sender's address's budget, so guessing signatures is slow. The provider's own posts
 * never use it (a signed post gives its slot back).
 */
const FORGED: ThrottleRule = {
  name: "sms-webhook-forged",
  key: "client",
  limit: 20,
  windowSeconds: 600,
  counts: "failures",
};

/** An example with a valid form and signature: the test kit signs form routes' examples as the provider would. */
const EXAMPLE_SID = "SM0000000000000000000000000000e0e0";
const EXAMPLE_ACCOUNT = "AC0000000000000000000000000000c1e1";

export const textWebhookRoutes: AnyRoute[] = [
  route({
    method: "POST",
    path: STATUS_CALLBACK_PATH,
    access: "public",
    bodyKind: "form",
    query: z.object({ messageId: ZDocumentId.optional() }),
    body: ZStatusCallback,
    throttle: [
      FORGED,
      { name: "sms-status-per-message", key: { in: "body", field: "MessageSid" }, limit: 20, windowSeconds: 3600 },
    ],
    summary: "Text message delivery receipt from the provider (signed): updates the message's status",
    example: {
      query: { messageId: "no-such-message" },
      body: { MessageSid: EXAMPLE_SID, AccountSid: EXAMPLE_ACCOUNT, MessageStatus: "delivered", To: "+18475550100" },
    },
    handler: async ({ req, query, body, res }) => {
      requireProviderSignature(req);
      const errorCode = body.ErrorCode ? Number(body.ErrorCode) : null;
      await recordTextStatus(query.messageId, body.MessageSid, body.MessageStatus, errorCode);
      res.status(204).end();
      return undefined;
    },
  }),
  route({
    method: "POST",
    path: INBOUND_PATH,
    access: "public",
    bodyKind: "form",
    body: ZInboundText,
    throttle: [
      FORGED,
      { name: "sms-inbound-per-number", key: { in: "body", field: "From" }, limit: 30, windowSeconds: 3600 },
    ],
    summary:
      "A text a resident sent to the city's number (signed): STOP, START, HELP and FIXED / NOT FIXED, answered in TwiML",
    example: {
      body: {
        MessageSid: EXAMPLE_SID,
        AccountSid: EXAMPLE_ACCOUNT,
        From: "+18475550199",
        To: "+18475550100",
        Body: "HELP",
      },
    },
    handler: async ({ req, body, res }) => {
      requireProviderSignature(req);
      const reply = (await handleInboundText(body.From, body.Body)) ?? (await replyToFixedAnswer(body.From, body.Body));
      res.status(200).type("text/xml").send(twiml(reply));
      return undefined;
    },
  }),
];
