import { FieldPath, FieldValue, Timestamp } from "firebase-admin/firestore";
import { z } from "zod";
import type { BulkAudience, BulkSendStatus } from "../contract/bulk-notifications";
import { billingAccountsCollection } from "./billing-accounts";
import { isAlreadyExists, newBatch, typedCollection } from "./collection";
import { ZCount, ZFlag, ZText, ZTimestamp } from "./fields";
import {
  claimedMessagesOfBatch,
  countBatchMessages,
  type MessageResult,
  markMessagesInterrupted,
  settleMessageIn,
} from "./messages";
import { newMessage, notificationsCollection } from "./notifications";
import { pushTokensCollection } from "./push-tokens";
import { usersCollection, ZUserDoc } from "./users";

/**
 * bulkNotifications/{id}: a bulk notification (spec 3 §3) and the state of its latest send, which
 * only the bulk-push job writes (one runner per process, counters re-derived at the end).
 */
export const ZBulkNotificationDoc = z.object({
  EnglishTitle: z.string().catch(""),
  EnglishBody: z.string().catch(""),
  SpanishTitle: z.string().catch(""),
  SpanishBody: z.string().catch(""),
  options: z
    .object({ autoPayEnabled: ZFlag, hasSavedPaymentMethod: ZFlag, hasUtilityAccount: ZFlag, noActivities: ZFlag })
    .catch({ autoPayEnabled: false, hasSavedPaymentMethod: false, hasUtilityAccount: false, noActivities: false }),
  created_at: ZTimestamp,
  updated_at: ZTimestamp,
  lastSentAt: ZTimestamp,
  createdBy: ZText,
  /** The send's number: 1, then one more per resend. Delivery records are per send. */
  run: ZCount,
  status: z.enum(["queued", "sending", "done"]).catch("done"),
  users: ZCount,
  devices: ZCount,
  /**
   * Every in-app message up to this user id is written. Pages commit with the cursor in their
   * batch, several at once: a page carries the cursor of the pages before it that have committed,
   * so the cursor never passes an unwritten page (messages after it may exist: they are skipped).
   */
  inboxCursor: ZText,
  inboxDone: ZFlag,
  /** The last push token id of the last finished page. */
  pushCursor: ZText,
  processed: ZCount,
  delivered: ZCount,
  failed: ZCount,
  reasons: z.record(z.string(), z.number()).catch({}),
  /**
   * In-app messages delivered: counted with each page's messages while the send runs, and counted from
   * the send's messages when it finished.
   */
  inAppDelivered: ZCount,
  finishedAt: ZTimestamp,
  /**
   * The channels of the send's emails and texts (the people who chose them for city alerts), as pages
   * write them: those messages are the outbox job's, counted from the messages when asked.
   */
  outboxChannels: z.array(z.enum(["email", "sms"])).catch([]),
  /** The send's audience is stored in this many bulkAudiences documents (0: not stored yet). */
  audienceChunks: ZCount,
});
export type BulkNotificationDoc = z.output<typeof ZBulkNotificationDoc>;

export const bulkNotificationsCollection = typedCollection("bulkNotifications", ZBulkNotificationDoc);

export const bulkSendId = (id: string, run: number) => `${id}-${run}`;
/**
 * The id of a send's push message to one device: the message service's record of it (outbox), which
 * is also its claim (claimMessages: created just before it goes out, so no two runners, or a runner
 * restarted after a crash, ever send it twice).
 */
export const bulkPushId = (sendId: string, tokenId: string) => `bulkpush-${sendId}_${tokenId}`;

/** Every bulk notification, newest first. */
export async function listBulkNotifications(): Promise<{ id: string; data: BulkNotificationDoc }[]> {
  const snapshot = await bulkNotificationsCollection().orderBy("created_at", "desc").limit(200).get();
  return snapshot.docs.map((doc) => ({ id: doc.id, data: doc.data() }));
}

export async function readBulkNotification(id: string): Promise<BulkNotificationDoc | undefined> {
  return (await bulkNotificationsCollection().doc(id).get()).data();
}

const FRESH_SEND = {
  status: "queued" as BulkSendStatus,
  users: 0,
  devices: 0,
  inboxCursor: null,
  inboxDone: false,
  pushCursor: null,
  processed: 0,
  delivered: 0,
  failed: 0,
  reasons: {},
  inAppDelivered: 0,
  finishedAt: null,
  outboxChannels: [],
  audienceChunks: 0,
};

/** Stores a new notification with its first send queued; returns its id. */
export async function createBulkNotification(
  texts: { EnglishTitle: string; EnglishBody: string; SpanishTitle: string; SpanishBody: string },
  options: BulkAudience,
  createdBy: string,
): Promise<string> {
  const ref = bulkNotificationsCollection().doc();
  const now = Timestamp.now();
  await ref.create({
    ...texts,
    options,
    created_at: now,
    updated_at: now,
    lastSentAt: now,
    createdBy,
    run: 1,
    ...FRESH_SEND,
  });
  return ref.id;
}

/** Queues another send of a past notification (a new run: its deliveries are new records). */
export async function queueBulkResend(id: string): Promise<void> {
  const now = Timestamp.now();
  await bulkNotificationsCollection()
    .doc(id)
    .update({ ...FRESH_SEND, run: FieldValue.increment(1), lastSentAt: now, updated_at: now });
}

/** Notifications whose latest send is not finished (the job's work list). */
export async function unfinishedBulkNotifications(): Promise<string[]> {
  const snapshot = await bulkNotificationsCollection().where("status", "in", ["queued", "sending"]).get();
  return snapshot.docs.map((doc) => doc.id);
}

export async function updateBulkSend(id: string, fields: Partial<Record<keyof BulkNotificationDoc, unknown>>) {
  await bulkNotificationsCollection()
    .doc(id)
    .update(fields as FirebaseFirestore.UpdateData<BulkNotificationDoc>);
}

const textOrNull = (value: unknown): string | null => (typeof value === "string" ? value : null);

const ZMessageChoice = ZUserDoc.pick({ messagePrefs: true, textPhone: true });

/**
 * Users in id order from after `cursor`, a page at a time: id, language, email, and the message
 * preferences with the confirmed text number (issue 29: a bulk send reaches each person by the
 * channels she chose for city alerts). A projection read as stored: a user has dozens of fields
 * (search keys), and the audience reads every user once.
 */
export async function usersPage(cursor: string | null, size: number) {
  let query = usersCollection()
    .withConverter(null)
    .orderBy(FieldPath.documentId())
    .select("Language", "Email", "messagePrefs", "textPhone")
    .limit(size);
  if (cursor) query = query.startAfter(cursor);
  const snapshot = await query.get();
  return snapshot.docs.map((doc) => {
    const data = doc.data();
    return {
      id: doc.id,
      language: textOrNull(data.Language),
      email: textOrNull(data.Email),
      choice: ZMessageChoice.parse(data),
    };
  });
}

/** Push tokens in id order from after `cursor`, a page at a time (the two fields a send reads, as stored). */
export async function pushTokensPage(cursor: string | null, size: number) {
  let query = pushTokensCollection()
    .withConverter(null)
    .orderBy(FieldPath.documentId())
    .select("UserId", "token")
    .limit(size);
  if (cursor) query = query.startAfter(cursor);
  const snapshot = await query.get();
  return snapshot.docs.map((doc) => {
    const data = doc.data();
    return { id: doc.id, userId: textOrNull(data.UserId), token: textOrNull(data.token) };
  });
}

/**
 * One person a bulk send reaches, by the channels she chose for city alerts (issue 29): in the portal
 * and the app (in-app, and push to her devices), by email to this address, by text to this confirmed
 * number (whether it texted STOP is checked when her page is sent).
 */
export interface BulkRecipient {
  language: "en" | "es";
  inApp: boolean;
  email: string | null;
  phone: string | null;
}

/**
 * bulkAudiences/{sendId}_{n}: the people one send reaches, by language, with their channels, stored
 * when the send starts (5,000 a document: ids, and the addresses of those who chose email or texts,
 * keep each well under 1 MiB). A resumed send reads these few documents instead of every user again,
 * and reaches the same people the same way.
 */
export const ZBulkAudienceDoc = z.object({
  sendId: ZText,
  en: z.array(z.string()).catch([]),
  es: z.array(z.string()).catch([]),
  /** Who turned in-app (and push) off for city alerts. */
  noInApp: z.array(z.string()).catch([]),
  /** uid → email address, for those who chose email. */
  emails: z.record(z.string(), z.string()).catch({}),
  /** uid → confirmed number (E.164), for those who chose texts. */
  phones: z.record(z.string(), z.string()).catch({}),
});
export const bulkAudiencesCollection = typedCollection("bulkAudiences", ZBulkAudienceDoc);
const AUDIENCE_CHUNK = 5_000;
const audienceDocId = (sendId: string, n: number) => `${sendId}_${n}`;

/** Stores a send's audience (ids by language, with their channels); answers how many documents hold it. */
export async function saveBulkAudience(sendId: string, audience: Map<string, BulkRecipient>): Promise<number> {
  const entries = [...audience];
  const chunks = Math.ceil(entries.length / AUDIENCE_CHUNK);
  for (let n = 0; n < chunks; n++) {
    const part = entries.slice(n * AUDIENCE_CHUNK, (n + 1) * AUDIENCE_CHUNK);
    const emails: Record<string, string> = {};
    const phones: Record<string, string> = {};
    for (const [uid, recipient] of part) {
      if (recipient.email) emails[uid] = recipient.email;
      if (recipient.phone) phones[uid] = recipient.phone;
    }
    await bulkAudiencesCollection()
      .doc(audienceDocId(sendId, n))
      .set({
        sendId,
        en: part.filter(([, recipient]) => recipient.language === "en").map(([uid]) => uid),
        es: part.filter(([, recipient]) => recipient.language === "es").map(([uid]) => uid),
        noInApp: part.filter(([, recipient]) => !recipient.inApp).map(([uid]) => uid),
        emails,
        phones,
      });
  }
  return chunks;
}

/** A stored audience, or undefined when a document of it is missing. */
export async function readBulkAudience(
  sendId: string,
  chunks: number,
): Promise<Map<string, BulkRecipient> | undefined> {
  const refs = Array.from({ length: chunks }, (_, n) => bulkAudiencesCollection().doc(audienceDocId(sendId, n)));
  const audience = new Map<string, BulkRecipient>();
  for (const ref of refs) {
    const data = (await ref.get()).data();
    if (!data) return undefined;
    const noInApp = new Set(data.noInApp);
    const add = (uid: string, language: "en" | "es") =>
      audience.set(uid, {
        language,
        inApp: !noInApp.has(uid),
        email: data.emails[uid] ?? null,
        phone: data.phones[uid] ?? null,
      });
    for (const uid of data.en) add(uid, "en");
    for (const uid of data.es) add(uid, "es");
  }
  return audience;
}

/** Removes a finished send's stored audience. */
export async function deleteBulkAudience(sendId: string, chunks: number): Promise<void> {
  if (chunks === 0) return;
  const batch = newBatch();
  for (let n = 0; n < chunks; n++) batch.delete(bulkAudiencesCollection().doc(audienceDocId(sendId, n)));
  await batch.commit();
}

/**
 * Writes the in-app messages of one page of recipients with create() (one message per user and
 * send: the id says which) and, in the same batch, moves the inbox cursor to `cursor` (a batch
 * commits whole or not at all). When some of the messages exist already (written by a run that
 * stopped, pages being written several at once), the others are written: nobody gets two.
 */
/** The id of a send's in-app message to one user: its notification's and its message record's. */
export const bulkInboxId = (sendId: string, userId: string) => `bulk-${sendId}-${userId}`;
/** The id of a send's email or text to one user (once per person and channel): `bulkemail-…`, `bulksms-…`. */
export const bulkMessageId = (sendId: string, userId: string, channel: "email" | "sms") =>
  `bulk${channel}-${sendId}-${userId}`;

export async function writeBulkInboxPage(
  id: string,
  sendId: string,
  messages: { userId: string; title: string; body: string }[],
  cursor: string | null,
  /** The channels of the emails and texts the page wrote before (the send's list counts them). */
  outboxChannels: ("email" | "sms")[] = [],
): Promise<void> {
  const refOf = (userId: string) => notificationsCollection().doc(bulkInboxId(sendId, userId));
  const now = Timestamp.now();
  let todo = messages;
  for (let attempt = 0; ; attempt++) {
    const batch = newBatch();
    for (const message of todo) {
      batch.create(refOf(message.userId), newMessage({ ...message, createdAt: now }));
    }
    // The page's messages are counted with them (the send's list shows the count while it runs,
    // without counting the messages at every look).
    batch.update(bulkNotificationsCollection().doc(id), {
      inAppDelivered: FieldValue.increment(todo.length),
      ...(cursor ? { inboxCursor: cursor } : {}),
      ...(outboxChannels.length > 0 ? { outboxChannels: FieldValue.arrayUnion(...outboxChannels) } : {}),
    });
    try {
      await batch.commit();
      return;
    } catch (error) {
      if (!isAlreadyExists(error) || attempt === 3) throw error;
    }
    const refs = todo.map((message) => refOf(message.userId));
    const snapshots = (await refs[0]?.firestore.getAll(...refs)) ?? [];
    const written = new Set(snapshots.filter((snapshot) => snapshot.exists).map((snapshot) => snapshot.id));
    todo = todo.filter((message) => !written.has(refOf(message.userId).id));
  }
}

/** A push message's result on a page: its message's result, and whether the device's token is dead. */
export interface DeliveryOutcome {
  /** The push token's id (pushTokens/{id}). */
  tokenId: string;
  result: MessageResult;
  /** The provider said the token is dead: remove it. */
  dropToken: boolean;
}

/** Push failure reasons a send counts (FCM's codes, and "interrupted": a runner died between claim and result). */
export const BULK_FAILURE_REASONS = [
  "unregistered",
  "invalid-token",
  "rejected",
  "unavailable",
  "interrupted",
] as const;

/** The reason stored on a push message a runner claimed and never finished. */
export const PUSH_INTERRUPTED = "push: interrupted";

/** A push outcome that says the device's token is dead. */
export const deadToken = (result: MessageResult) =>
  result.reason === "push: unregistered" || result.reason === "push: invalid-token";

/**
 * Records a page's push results on their messages, removes dead tokens, and moves the send's progress
 * counters and (unless null) the push cursor, in the same batches.
 */
export async function recordDeliveryPage(
  id: string,
  outcomes: DeliveryOutcome[],
  pushCursor: string | null,
): Promise<void> {
  // A batch holds at most 500 writes: 249 results, as many token deletes at most, and the counters.
  for (let start = 0; start < Math.max(outcomes.length, 1); start += 249) {
    const part = outcomes.slice(start, start + 249);
    const batch = newBatch();
    for (const outcome of part) {
      settleMessageIn(batch, outcome.result);
      if (outcome.dropToken) batch.delete(pushTokensCollection().doc(outcome.tokenId));
    }
    const delivered = part.filter((outcome) => outcome.result.status === "delivered").length;
    const last = start + 249 >= outcomes.length;
    batch.update(bulkNotificationsCollection().doc(id), {
      processed: FieldValue.increment(part.length),
      delivered: FieldValue.increment(delivered),
      failed: FieldValue.increment(part.length - delivered),
      ...(last && pushCursor ? { pushCursor } : {}),
    });
    await batch.commit();
  }
}

/** Records push results of a page that moves no counters (a delinquency batch's), removing dead tokens. */
export async function recordDeliveryOutcomes(outcomes: DeliveryOutcome[]): Promise<void> {
  for (let start = 0; start < outcomes.length; start += 200) {
    const batch = newBatch();
    for (const outcome of outcomes.slice(start, start + 200)) {
      settleMessageIn(batch, outcome.result);
      if (outcome.dropToken) batch.delete(pushTokensCollection().doc(outcome.tokenId));
    }
    await batch.commit();
  }
}

/**
 * Ends a send's push messages: those claimed longer than `staleMs` ago with no result belong to a
 * runner that died between claim and result, so their fate is unknown: never sent again, counted
 * failed ("interrupted"). A recent one may be a live runner's: then null (a later run finishes the
 * send); else the final counts.
 */
export async function finishClaims(
  sendId: string,
  staleMs: number,
): Promise<Awaited<ReturnType<typeof countDeliveries>> | null> {
  const claims = await claimedMessagesOfBatch(sendId, "push");
  const stale = claims.filter((claim) => Date.now() - claim.claimedAt >= staleMs);
  await markMessagesInterrupted(
    stale.map((claim) => claim.id),
    PUSH_INTERRUPTED,
  );
  if (stale.length < claims.length) return null;
  return countDeliveries(sendId);
}

/** The final counts of a send's push messages, counted from its messages (not from the running counters). */
export async function countDeliveries(sendId: string) {
  const delivered = await countBatchMessages(sendId, "push", "delivered");
  const reasons: Record<string, number> = {};
  let failed = 0;
  for (const reason of BULK_FAILURE_REASONS) {
    const n = await countBatchMessages(sendId, "push", "failed", `push: ${reason}`);
    if (n > 0) reasons[reason] = n;
    failed += n;
  }
  return { delivered, failed, reasons, processed: delivered + failed };
}

/** Every water account linked to a user (organizations' links are not a person's), for audience rules. */
export async function userBillingAccountLinks(): Promise<{ userId: string; customerId: string; locationId: string }[]> {
  const snapshot = await billingAccountsCollection().get();
  return snapshot.docs.flatMap((doc) => {
    const { userId, customerId, locationId } = doc.data();
    return userId && customerId && locationId ? [{ userId, customerId, locationId }] : [];
  });
}

/** Users who created an activity through the portal: the users' hasActivities flag (data/users.ts). */
export { usersWithActivities } from "./users";
