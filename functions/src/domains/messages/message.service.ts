import { randomUUID } from "node:crypto";
import type { WriteBatch } from "firebase-admin/firestore";
import type { z } from "zod";
import { mapWithConcurrency } from "../../connectors/push/batch";
import {
  claimMessages,
  createMessage,
  createMessageIn,
  inAppRecordExpiry,
  MESSAGE_KIND,
  type MessageChannel,
  type MessageDoc,
  type MessageResult,
  type MessageStatus,
  type NewMessage,
  readMessage,
  ZMessageDoc,
} from "../../data/messages";
import { dueOutboxEntries, type OutboxChanges } from "../../data/outbox";
import { readUser } from "../../data/users";
import { ConnectorError } from "../../platform/connector-error";
import { deliverOutboxEntry, heldClaim, type OutboxKind } from "../outbox/outbox-runner";
import type { ChannelResult } from "./channels/channel-sender";
import { CHANNEL_SENDERS } from "./message-channels";
import { type MessageLanguages, renderMessage, type TemplateData, type TemplateName } from "./message-templates";

/**
 * The one message service (DESIGN.md "Data"; issue 29): every message to a person, on any channel,
 * is written to Firestore first (an outbox entry of kind "message", data/messages.ts), then sent
 * exactly once per message id by the outbox runner (a claim per delivery; a lost answer is asked
 * about before a retry), retried with backoff while the provider fails, and given a status that
 * later delivery receipts update. README: domains/messages/README.md.
 */

/** Who a message goes to. A uid alone is enough for in-app and push; email needs `email`, sms `phone`. */
export interface MessageTo {
  uid?: string | null;
  email?: string | null;
  /** E.164. */
  phone?: string | null;
  /** Push to this device only (pushTokens/{id}): a bulk send's message per device. */
  device?: string | null;
  /**
   * The recipient's language; when missing, the user's (`Language` of users/{uid}), else English.
   * "en,es": not known (an email without an account): the message is written in both.
   */
  language?: MessageLanguages | null;
}

export interface SendOptions {
  /**
   * The message's id. Give one derived from what the message is about (`receipt-<payment>`) to make
   * a repeat of the same request a no-op: the first message is kept and answered.
   */
  id?: string;
  /** A bulk send or delinquency batch, for its counts. */
  batchId?: string | null;
  /** The CRM record the message is about: an in-app message links to it. */
  about?: { sObjectType: string; salesforceId: string } | null;
  /**
   * Try to send within this request (a clerk waiting for "sent"); the answer then says whether the
   * provider took it. Without it the job sends it (within a minute).
   */
  deliverNow?: boolean;
}

export interface SentMessage {
  id: string;
  /** The message's status when this call answers: `queued` unless `deliverNow` got an answer. */
  status: MessageStatus;
  /** Why it is not (yet) delivered, when the provider said. */
  reason: string | null;
}

const resultFields = (result: ChannelResult) => ({
  messageStatus: result.status,
  reason: "reason" in result ? result.reason : null,
  providerId: result.providerId ?? null,
});

/** Attempts before a message is given up as failed: with the runner's backoff (1, 2, 4... 60 min) about 14 hours. */
export const MESSAGE_MAX_ATTEMPTS = 20;

async function languageOf(to: MessageTo): Promise<MessageLanguages> {
  if (to.language) return to.language;
  if (to.uid) return (await readUser(to.uid))?.Language === "es" ? "es" : "en";
  return "en";
}

/** A message written and rendered, ready to be stored (alone or in a batch with its record). */
export interface PreparedMessage {
  id: string;
  doc: NewMessage;
}

/** Renders a message in the recipient's language (reads the user's language when it is not given). */
export async function prepareMessage<T extends TemplateName>(
  to: MessageTo,
  template: T,
  data: TemplateData<T>,
  channel: MessageChannel,
  options: Pick<SendOptions, "id" | "batchId" | "about"> = {},
): Promise<PreparedMessage> {
  const language = await languageOf(to);
  const { content, links } = renderMessage(template, data, language, channel === "email");
  return {
    id: options.id ?? randomUUID(),
    doc: {
      channel,
      template,
      language,
      to: {
        uid: to.uid ?? null,
        email: to.email?.toLowerCase() ?? null,
        phone: to.phone ?? null,
        ...(to.device ? { device: to.device } : {}),
      },
      uid: to.uid ?? null,
      content,
      links,
      batchId: options.batchId ?? null,
      about: options.about ?? null,
    },
  };
}

/** Adds a prepared message to a batch: it is written with the record it belongs to, and the job sends it. */
export function queueMessageIn(batch: WriteBatch, prepared: PreparedMessage): void {
  createMessageIn(batch, prepared.id, prepared.doc);
}

/**
 * Sends a message: `sendMessage({ email, language }, "passwordReset", { link }, "email")`. Writes it
 * first (the same id twice keeps the first), then, with `deliverNow`, tries it at once; otherwise
 * the outbox job sends it. Answers its id and status.
 */
export async function sendMessage<T extends TemplateName>(
  to: MessageTo,
  template: T,
  data: TemplateData<T>,
  channel: MessageChannel,
  options: SendOptions = {},
): Promise<SentMessage> {
  const prepared = await prepareMessage(to, template, data, channel, options);
  if (!options.deliverNow) {
    await createMessage(prepared.id, prepared.doc);
    return messageStatus(prepared.id);
  }
  // Written claimed by this request, which sends it next: a job run in between leaves it alone. The
  // same id asked again (not written now) is tried as any waiting message is.
  const held = heldClaim();
  const created = await createMessage(prepared.id, prepared.doc, undefined, held);
  await deliverOutboxEntry(messageOutbox, prepared.id, { background: false, ...(created ? { held } : {}) });
  return messageStatus(prepared.id);
}

/**
 * Records a message the person stopped on this channel (a text to a number that texted STOP): written
 * like any other, with the status `opted_out` and the reason, and never sent. A batch's counts by
 * channel and status show it. The same id twice keeps the first.
 */
export async function recordOptedOutMessage<T extends TemplateName>(
  to: MessageTo,
  template: T,
  data: TemplateData<T>,
  channel: MessageChannel,
  options: Pick<SendOptions, "id" | "batchId" | "about"> & { reason: string },
): Promise<SentMessage> {
  const prepared = await prepareMessage(to, template, data, channel, options);
  await createMessage(prepared.id, prepared.doc, { messageStatus: "opted_out", reason: options.reason });
  return messageStatus(prepared.id);
}

/**
 * Tries a message written with `queueMessageIn` now, within the request (it waits for the job when
 * the provider does not answer, or another delivery holds it); answers its status.
 */
export async function deliverQueuedMessage(id: string): Promise<SentMessage> {
  await deliverOutboxEntry(messageOutbox, id, { background: false });
  return messageStatus(id);
}

/**
 * Sends a stored message again (a clerk's "resend the receipt", issue 31): the same rendered
 * content to the same recipient on the same channel, as a new message `newId` tried within the
 * request. Answers null when there is no message `id`.
 */
export async function resendMessage(id: string, newId: string): Promise<SentMessage | null> {
  const original = await readMessage(id);
  if (!original) return null;
  const { channel, template, language, to, uid, content, links, about } = original.message;
  await createMessage(newId, { channel, template, language, to, uid, content, links, batchId: null, about });
  return deliverQueuedMessage(newId);
}

/**
 * Sends a page of messages that must each reach their channel at most once, without the outbox job
 * (a bulk send's and a delinquency batch's push per device, where a repeat is worse than a loss).
 * Each message is written first as its own claim (`claimMessages` with this run's `claim`: one held
 * by another run, or by a run that died, is skipped), then sent by its channel's sender, `concurrency`
 * at once. Answers the result of each message this run sent, for the job to record with its page
 * (`settleMessageIn`); a temporary failure (the provider down) is that message's failure, not retried.
 * A claim whose result was never recorded is ended by `markMessagesInterrupted`.
 */
export async function sendEachOnce(
  claim: string,
  messages: (PreparedMessage & { deviceToken?: string })[],
  concurrency: number,
): Promise<MessageResult[]> {
  const claimed = await claimMessages(
    claim,
    messages.map(({ id, doc }) => ({ id, message: doc })),
  );
  const mine = messages.filter((message) => claimed.has(message.id));
  return mapWithConcurrency(mine, concurrency, async ({ id, doc, deviceToken }): Promise<MessageResult> => {
    const message: MessageDoc = { ...doc, messageStatus: "sending", reason: null, providerId: null, receipts: [] };
    try {
      const result = await CHANNEL_SENDERS[doc.channel].send({ id, message, deviceToken });
      const { messageStatus, reason, providerId } = resultFields(result);
      return { id, status: messageStatus, reason, providerId };
    } catch (error) {
      const kind = error instanceof ConnectorError ? error.kind : "unavailable";
      return { id, status: "failed", reason: `${doc.channel}: ${kind}`, providerId: null };
    }
  });
}

/** A message's status as a person would read it (`sending` while a delivery holds it). */
export async function messageStatus(id: string): Promise<SentMessage> {
  const stored = await readMessage(id);
  if (!stored) throw new Error(`message ${id} is missing`);
  const status = stored.runner.status === "sending" ? "sending" : stored.message.messageStatus;
  return { id, status, reason: stored.message.reason ?? stored.runner.lastError ?? null };
}

/** How the outbox runner delivers a message: through its channel's sender (message-channels.ts). */
export const messageOutbox: OutboxKind<MessageDoc> = {
  kind: MESSAGE_KIND,
  schema: ZMessageDoc as unknown as z.ZodType<MessageDoc>,
  maxAttempts: MESSAGE_MAX_ATTEMPTS,
  deliver: async (message, context) => {
    const result = await CHANNEL_SENDERS[message.channel].send({ id: context.id, message });
    // A delivered in-app message's record lapses (the notification stays): IN_APP_RECORD_DAYS.
    const lapses = message.channel === "inApp" && result.status === "delivered";
    return { ...resultFields(result), ...(lapses ? { expiresAt: inAppRecordExpiry() } : {}) };
  },
  alreadyDelivered: async (message, context) => {
    const sender = CHANNEL_SENDERS[message.channel];
    const earlier = sender.alreadySent ? await sender.alreadySent({ id: context.id, message }) : null;
    return earlier ? resultFields(earlier) : null;
  },
  failureFields: (status, lastError): OutboxChanges => ({
    messageStatus: status === "failed" ? "failed" : "queued",
    reason: lastError,
  }),
};

/** Messages a job run takes per page, and sends at once. */
const PAGE = 200;
const CONCURRENCY = 8;

/**
 * The job's work: every due message (new, retried, or whose delivery's instance died), page after
 * page, several at once, until none is due or `budgetMs` has passed (the next run resumes).
 */
export async function deliverDueMessages(
  options: { budgetMs?: number; concurrency?: number; signal?: AbortSignal } = {},
): Promise<{ sent: number; pending: number }> {
  const started = Date.now();
  const budgetMs = options.budgetMs ?? 8 * 60_000;
  let sent = 0;
  let pending = 0;
  const seen = new Set<string>();
  while (Date.now() - started < budgetMs && !options.signal?.aborted) {
    const now = new Date();
    const due = [
      ...(await dueOutboxEntries(MESSAGE_KIND, "pending", now, PAGE)),
      ...(await dueOutboxEntries(MESSAGE_KIND, "sending", now, PAGE)),
    ].filter(({ id }) => !seen.has(id));
    if (due.length === 0) break;
    const outcomes = await mapWithConcurrency(due, options.concurrency ?? CONCURRENCY, async ({ id }) => {
      seen.add(id);
      return (await deliverOutboxEntry(messageOutbox, id, { background: true, now })).status;
    });
    for (const outcome of outcomes) {
      if (outcome === "sent") sent++;
      else pending++;
    }
  }
  return { sent, pending };
}
