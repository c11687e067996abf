import { FieldValue, Timestamp, type UpdateData, type WriteBatch } from "firebase-admin/firestore";
import { z } from "zod";
import { isAlreadyExists, newBatch, runTransaction } from "./collection";
import { ZTimestamp } from "./fields";
import { createOutboxEntryIn, type HeldClaim, type OutboxDoc, outboxCollection } from "./outbox";

/** The outbox kind of a message to a person (domains/messages/message.service.ts). */
export const MESSAGE_KIND = "message";

export const MESSAGE_CHANNELS = ["inApp", "push", "email", "sms"] as const;
export type MessageChannel = (typeof MESSAGE_CHANNELS)[number];

/**
 * A message's own status (beside the outbox runner's `status`): `queued` (written, not yet sent, or
 * waiting for a retry: `reason` says why), `sending` (the provider took it; a receipt will tell more),
 * `delivered`, `failed` (with the provider's `reason`; not retried), `bounced` (a later receipt),
 * `opted_out` (the person asked for no more messages on this channel).
 */
export const MESSAGE_STATUSES = ["queued", "sending", "delivered", "failed", "bounced", "opted_out"] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];

export const ZMessageRecipient = z.object({
  uid: z.string().nullable().catch(null),
  email: z.string().nullable().catch(null),
  /** E.164. */
  phone: z.string().nullable().catch(null),
  /** Push to one device only (pushTokens/{id}; a bulk send's message per device), else to every device of `uid`. */
  device: z.string().nullish().catch(null),
});
export type MessageRecipient = z.output<typeof ZMessageRecipient>;

/** What the template made of the data, in the recipient's language. */
export const ZMessageContent = z.object({
  subject: z.string().catch(""),
  text: z.string().catch(""),
  /** The email's HTML part (email only). */
  html: z.string().nullable().catch(null),
});
export type MessageContent = z.output<typeof ZMessageContent>;

/** A delivery receipt as recorded: what the provider said, when. */
export const ZMessageReceipt = z.object({
  status: z.enum(MESSAGE_STATUSES).catch("queued"),
  reason: z.string().nullable().catch(null),
  at: ZTimestamp,
});
export type MessageReceipt = z.output<typeof ZMessageReceipt>;

/**
 * outbox/{messageId} with kind "message": one message to one person on one channel. The runner's
 * fields (status, attempts, lastError, claim, nextAttemptAt, createdAt) are data/outbox.ts's.
 */
export const ZMessageDoc = z.object({
  channel: z.enum(MESSAGE_CHANNELS),
  template: z.string(),
  /** The language it is written in; "en,es": both, English first (a person whose language is not known). */
  language: z.enum(["en", "es", "en,es"]).catch("en"),
  to: ZMessageRecipient,
  /** The recipient's uid when known, top-level for "a person's last messages" (outbox's own field). */
  uid: z.string().nullish(),
  content: ZMessageContent,
  /** Links and ids the message carries that a push or in-app message keeps as data. */
  links: z.record(z.string(), z.string()).catch({}),
  /** The CRM record the message is about (an in-app message links to it), or null. */
  about: z.object({ sObjectType: z.string(), salesforceId: z.string() }).nullish().catch(null),
  /** A bulk send or delinquency batch this message belongs to, for its counts. */
  batchId: z.string().nullable().catch(null),
  messageStatus: z.enum(MESSAGE_STATUSES).catch("queued"),
  reason: z.string().nullable().catch(null),
  /** The provider's id of the message (SMTP Message-ID, SMS sid, FCM name, notification id). */
  providerId: z.string().nullable().catch(null),
  receipts: z.array(ZMessageReceipt).catch([]),
  /**
   * When Firestore's TTL policy on `outbox.expiresAt` deletes the record (firestore.indexes.json): a
   * delivered in-app message's, `IN_APP_RECORD_DAYS` after delivery. Other messages have none (kept).
   */
  expiresAt: ZTimestamp.optional(),
});
export type MessageDoc = z.output<typeof ZMessageDoc>;

/**
 * Days a delivered in-app message's record is kept. The notification itself stays in the person's
 * messages until she deletes it; the record only served the counts of its batch and the person's last
 * messages in the admin user view, so after this a batch's in-app count no longer includes it.
 */
export const IN_APP_RECORD_DAYS = 90;

/** The `expiresAt` of an in-app message delivered now. */
export const inAppRecordExpiry = (now = Date.now()) => Timestamp.fromMillis(now + IN_APP_RECORD_DAYS * 86_400_000);

/** A message as written: everything but the runner's fields and what delivery adds. */
export type NewMessage = Omit<MessageDoc, "messageStatus" | "reason" | "providerId" | "receipts" | "expiresAt">;

const newMessageEntry = (message: NewMessage) => ({
  ...message,
  kind: MESSAGE_KIND,
  status: "pending",
  attempts: 0,
  messageStatus: "queued",
  reason: null,
  providerId: null,
  receipts: [],
});

/** Adds a message to a batch, so it is written with the record it belongs to. */
export function createMessageIn(batch: WriteBatch, id: string, message: NewMessage): void {
  createOutboxEntryIn(batch, id, newMessageEntry(message));
}

/**
 * Records in-app messages whose notification the caller writes itself, in the same run (the pages of
 * a bulk send or a delinquency batch, which commit their notifications with their cursor): each is
 * stored as delivered (the runner's "sent"), its provider id the notification's id, which is the
 * message's, and expires after `IN_APP_RECORD_DAYS`. Written before the notifications, 400 a batch, with set(): a run that dies in between
 * writes them again, the same, and nothing is sent twice (the notifications are created once).
 */
export async function recordDeliveredInAppMessages(messages: { id: string; message: NewMessage }[]): Promise<void> {
  for (let start = 0; start < messages.length; start += 400) {
    const batch = newBatch();
    for (const { id, message } of messages.slice(start, start + 400)) {
      batch.set(outboxCollection().doc(id), {
        ...newMessageEntry({ ...message, channel: "inApp" }),
        status: "sent",
        messageStatus: "delivered",
        providerId: id,
        nextAttemptAt: null,
        expiresAt: inAppRecordExpiry(),
        createdAt: FieldValue.serverTimestamp(),
      } as never);
    }
    await batch.commit();
  }
}

/** A result a sender gave for a message its run claimed itself (claimMessages). */
export interface MessageResult {
  id: string;
  status: MessageStatus;
  reason: string | null;
  providerId: string | null;
}

/**
 * Claims messages that a job sends itself, at most once each (a bulk send's push per device, where a
 * repeat is worse than a loss): each is written as its own claim, `create()` in one batch: status
 * `sending`, held by `claim`, never due (the outbox job does not take it). Answers the ids this
 * claim holds. When some were written before (by a run that died on this page, or another runner),
 * the batch writes none, and the rest are then claimed one by one: each message has one owner.
 * Record each result with `settleMessageIn`; `claimedMessagesOfBatch` finds those never settled.
 */
export async function claimMessages(
  claim: string,
  messages: { id: string; message: NewMessage }[],
): Promise<Set<string>> {
  if (messages.length === 0) return new Set();
  const entry = (message: NewMessage) =>
    ({
      ...newMessageEntry(message),
      status: "sending",
      claim,
      messageStatus: "sending",
      nextAttemptAt: null,
      createdAt: FieldValue.serverTimestamp(),
    }) as never;
  const refOf = (id: string) => outboxCollection().doc(id);
  const batch = newBatch();
  for (const { id, message } of messages) batch.create(refOf(id), entry(message));
  try {
    await batch.commit();
    return new Set(messages.map(({ id }) => id));
  } catch (error) {
    if (!isAlreadyExists(error)) throw error;
  }
  const refs = messages.map(({ id }) => refOf(id));
  const snapshots = await (refs[0] as (typeof refs)[number]).firestore.getAll(...refs);
  const found = new Map(snapshots.map((snapshot) => [snapshot.id, snapshot] as const));
  const mine = new Set<string>();
  const missing: { id: string; message: NewMessage }[] = [];
  for (const message of messages) {
    const snapshot = found.get(message.id);
    if (!snapshot?.exists) missing.push(message);
    else if (snapshot.get("claim") === claim && snapshot.get("status") === "sending") mine.add(message.id);
  }
  const queue = missing.values();
  const claimEach = async () => {
    for (let next = queue.next(); !next.done; next = queue.next()) {
      try {
        await refOf(next.value.id).create(entry(next.value.message));
        mine.add(next.value.id);
      } catch (error) {
        if (!isAlreadyExists(error)) throw error;
      }
    }
  };
  await Promise.all(Array.from({ length: 16 }, claimEach));
  return mine;
}

/** Adds a claimed message's result to a batch: its status, reason and provider id; the claim is let go. */
export function settleMessageIn(batch: WriteBatch, result: MessageResult): void {
  batch.update(outboxCollection().doc(result.id), {
    status: "sent",
    claim: null,
    messageStatus: result.status,
    reason: result.reason,
    providerId: result.providerId,
    updatedAt: FieldValue.serverTimestamp(),
  } as never);
}

/** A batch's messages on a channel still claimed and never settled (their run died, or runs now), with their claim times. */
export async function claimedMessagesOfBatch(
  batchId: string,
  channel: MessageChannel,
): Promise<{ id: string; claimedAt: number }[]> {
  const snapshot = await outboxCollection()
    .where("batchId", "==", batchId)
    .where("channel", "==", channel)
    .where("messageStatus", "==", "sending")
    .get();
  return snapshot.docs
    .filter((doc) => doc.data().status === "sending")
    .map((doc) => ({ id: doc.id, claimedAt: doc.data().createdAt?.toMillis() ?? 0 }));
}

/**
 * Marks claimed messages whose fate is unknown (their run died between the claim and the result) as
 * failed with `reason` ("push: interrupted"): never sent again, and counted.
 */
export async function markMessagesInterrupted(ids: string[], reason: string): Promise<void> {
  for (let start = 0; start < ids.length; start += 400) {
    const batch = newBatch();
    for (const id of ids.slice(start, start + 400)) {
      batch.update(outboxCollection().doc(id), {
        status: "failed",
        claim: null,
        messageStatus: "failed",
        reason,
        updatedAt: FieldValue.serverTimestamp(),
      } as never);
    }
    await batch.commit();
  }
}

/** How many of a batch's messages on a channel stand at a status (and, when given, with this reason). */
export async function countBatchMessages(
  batchId: string,
  channel: MessageChannel,
  status: MessageStatus,
  reason?: string,
): Promise<number> {
  let query = outboxCollection()
    .where("batchId", "==", batchId)
    .where("channel", "==", channel)
    .where("messageStatus", "==", status);
  if (reason !== undefined) query = query.where("reason", "==", reason);
  return (await query.count().get()).data().count;
}

/**
 * What a message that is never sent answers at once: `opted_out` (the person stopped this channel),
 * with the reason. Stored as the runner's "sent" (the channel's answer is known) and never due.
 */
export interface SettledMessage {
  messageStatus: Extract<MessageStatus, "opted_out">;
  reason: string;
}

/**
 * Writes a message; false when a message with this id exists (the same message, asked again). A
 * `settled` message is stored with its final status and is never sent (a text to a number that
 * texted STOP, kept so a batch's counts show it). A `held` one is written claimed by the request
 * that sends it next (HeldClaim, data/outbox.ts).
 */
export async function createMessage(
  id: string,
  message: NewMessage,
  settled?: SettledMessage,
  held?: HeldClaim,
): Promise<boolean> {
  try {
    await outboxCollection()
      .doc(id)
      .create({
        ...newMessageEntry(message),
        ...(settled ? { status: "sent", messageStatus: settled.messageStatus, reason: settled.reason } : {}),
        ...(held && !settled ? { status: "sending", claim: held.claim, attempts: 1 } : {}),
        nextAttemptAt: settled ? null : held ? Timestamp.fromMillis(Date.now() + held.leaseMs) : Timestamp.now(),
        createdAt: FieldValue.serverTimestamp(),
      } as never);
    return true;
  } catch (error) {
    if (isAlreadyExists(error)) return false;
    throw error;
  }
}

/**
 * Writes many messages for the outbox job to send (a bulk send's emails and texts, one page's),
 * 400 a batch with create(): one that exists already (a page written again after a run stopped) is
 * kept as it is, never written twice. `settled` ones are stored with their final status, never sent.
 */
export async function createMessagesOnce(
  messages: { id: string; message: NewMessage; settled?: SettledMessage }[],
): Promise<void> {
  const entryOf = ({ message, settled }: (typeof messages)[number]) => ({
    ...newMessageEntry(message),
    ...(settled ? { status: "sent", messageStatus: settled.messageStatus, reason: settled.reason } : {}),
    nextAttemptAt: settled ? null : Timestamp.now(),
    createdAt: FieldValue.serverTimestamp(),
  });
  for (let start = 0; start < messages.length; start += 400) {
    let todo = messages.slice(start, start + 400);
    for (let attempt = 0; todo.length > 0; attempt++) {
      const batch = newBatch();
      for (const each of todo) batch.create(outboxCollection().doc(each.id), entryOf(each) as never);
      try {
        await batch.commit();
        break;
      } catch (error) {
        if (!isAlreadyExists(error) || attempt === 3) throw error;
      }
      const refs = todo.map(({ id }) => outboxCollection().doc(id));
      const snapshots = await outboxCollection().firestore.getAll(...refs);
      const written = new Set(snapshots.filter((snapshot) => snapshot.exists).map((snapshot) => snapshot.id));
      todo = todo.filter(({ id }) => !written.has(id));
    }
  }
}

export interface StoredMessage {
  id: string;
  runner: Pick<OutboxDoc, "status" | "attempts" | "lastError" | "createdAt" | "updatedAt">;
  message: MessageDoc;
}

const stored = (id: string, data: unknown): StoredMessage | null => {
  const message = ZMessageDoc.safeParse(data);
  const runner = data as OutboxDoc;
  if (!message.success || runner.kind !== MESSAGE_KIND) return null;
  return {
    id,
    runner: {
      status: runner.status,
      attempts: runner.attempts,
      lastError: runner.lastError ?? null,
      createdAt: runner.createdAt ?? null,
      updatedAt: runner.updatedAt ?? null,
    },
    message: message.data,
  };
};

/** One message, or null (missing, or not a message). */
export async function readMessage(id: string): Promise<StoredMessage | null> {
  const snapshot = await outboxCollection().doc(id).get();
  return snapshot.exists ? stored(id, snapshot.data()) : null;
}

/** The message the provider knows by this id on this channel (a receipt names it so), or null. */
export async function messageByProviderId(channel: MessageChannel, providerId: string): Promise<StoredMessage | null> {
  const snapshot = await outboxCollection()
    .where("kind", "==", MESSAGE_KIND)
    .where("providerId", "==", providerId)
    .limit(5)
    .get();
  const found = snapshot.docs.map((doc) => stored(doc.id, doc.data())).find((m) => m?.message.channel === channel);
  return found ?? null;
}

/** Statuses a receipt may not move a message out of once reached (a late "delivered" after a bounce). */
const FINAL: readonly MessageStatus[] = ["bounced", "failed", "opted_out"];

/**
 * Records a delivery receipt on a message: appends it to `receipts` and sets the message's status,
 * unless the message already reached a final status (failed, bounced, opted out), which a later
 * receipt never undoes. Answers the status the message has afterwards, or null when it is missing.
 */
export async function recordMessageReceipt(
  id: string,
  receipt: { status: MessageStatus; reason?: string | null; at?: Date },
): Promise<MessageStatus | null> {
  const ref = outboxCollection().doc(id);
  return runTransaction(async (tx) => {
    const current = stored(id, (await tx.get(ref)).data());
    if (!current) return null;
    const entry = {
      status: receipt.status,
      reason: receipt.reason ?? null,
      at: Timestamp.fromDate(receipt.at ?? new Date()),
    };
    const keep = FINAL.includes(current.message.messageStatus);
    const fields: Record<string, unknown> = {
      receipts: FieldValue.arrayUnion(entry),
      updatedAt: FieldValue.serverTimestamp(),
    };
    if (!keep) {
      fields.messageStatus = receipt.status;
      fields.reason = receipt.reason ?? null;
    }
    tx.update(ref, fields as UpdateData<OutboxDoc>);
    return keep ? current.message.messageStatus : receipt.status;
  });
}

/** A person's last messages, newest first (the admin user view). */
export async function messagesOfUser(uid: string, limit: number): Promise<StoredMessage[]> {
  const snapshot = await outboxCollection()
    .where("kind", "==", MESSAGE_KIND)
    .where("uid", "==", uid)
    .orderBy("createdAt", "desc")
    .limit(limit)
    .get();
  return snapshot.docs.flatMap((doc) => stored(doc.id, doc.data()) ?? []);
}

/**
 * How many of a batch's messages (a bulk send or delinquency batch) stand at each status, per channel
 * (count aggregations: one read per 1,000 messages counted, none per message).
 */
export async function messageCountsOfBatch(
  batchId: string,
  channels: readonly MessageChannel[],
  statuses: readonly MessageStatus[] = MESSAGE_STATUSES,
): Promise<Record<string, Record<MessageStatus, number>>> {
  const counts: Record<string, Record<MessageStatus, number>> = {};
  await Promise.all(
    channels.flatMap((channel) =>
      statuses.map(async (status) => {
        const snapshot = await outboxCollection()
          .where("batchId", "==", batchId)
          .where("channel", "==", channel)
          .where("messageStatus", "==", status)
          .count()
          .get();
        counts[channel] ??= Object.fromEntries(MESSAGE_STATUSES.map((each) => [each, 0])) as Record<
          MessageStatus,
          number
        >;
        counts[channel][status] = snapshot.data().count;
      }),
    ),
  );
  return counts;
}
