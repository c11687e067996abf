import { randomUUID } from "node:crypto";
import { Timestamp } from "firebase-admin/firestore";
import { billingConnector } from "../../connectors/billing/connection";
import { mapWithConcurrency } from "../../connectors/push/batch";
import type { BulkAudience } from "../../contract/bulk-notifications";
import {
  type BulkRecipient,
  bulkInboxId,
  bulkMessageId,
  bulkPushId,
  bulkSendId,
  deadToken,
  deleteBulkAudience,
  finishClaims,
  pushTokensPage,
  readBulkAudience,
  readBulkNotification,
  recordDeliveryPage,
  saveBulkAudience,
  unfinishedBulkNotifications,
  updateBulkSend,
  userBillingAccountLinks,
  usersPage,
  usersWithActivities,
  writeBulkInboxPage,
} from "../../data/bulk-notifications";
import { createMessagesOnce, messageCountsOfBatch, recordDeliveredInAppMessages } from "../../data/messages";
import { allOptedOutNumbers, TEXTS_STOPPED_REASON } from "../../data/sms-opt-outs";
import { requestLogger } from "../../platform/logger";
import { oneRunPerKey } from "../../platform/one-run-per-key";
import { topicsOf } from "../message-preferences/message-preferences.service";
import { prepareMessage, sendEachOnce } from "../messages/message.service";
import { paymentProfilesOf } from "../payment-methods/payment-methods.service";

/** The in-app messages' page: 500 recipients a batch. */
export const BULK_BATCH_SIZE = 500;
/** Messages in flight at once. */
const PUSH_CONCURRENCY = Number(process.env.BULK_PUSH_CONCURRENCY ?? 24);
/**
 * Push pages of 250, two at once: one page's outcomes are written while the next one sends. At most
 * 500 messages are claimed and not yet recorded at any time (what a crash can leave unknown).
 */
const PUSH_PAGE_SIZE = 250;
const PUSH_PAGES_IN_FLIGHT = 2;
/** In-app pages (batches of 500 creates) being written at once. */
const INBOX_CONCURRENCY = 4;
/**
 * Users and push tokens read a page at a time when the audience is built: 20,000 ids and two short
 * fields a page, a few MB. Large pages, as each query costs a scan of the whole collection on the
 * emulator (measured over 50,000 users: pages of 2,000 took 43 s, of 10,000 11 s).
 */
const SCAN_PAGE = 20_000;
/** A claim older than this with no outcome belongs to a runner that died. */
const STALE_CLAIM_MS = 60_000;

type Language = "en" | "es";

const languageOf = (stored: string | null): Language => (stored?.toLowerCase().startsWith("es") ? "es" : "en");

/**
 * The people a send with these options reaches, with their language and the channels each chose for
 * city alerts (`messagePrefs.alerts`, else the defaults: in-app only), read with the users' page (no
 * read more per person): in-app, which also means push to her app's devices (the same "in the portal
 * and the app" channel); email to her address; texts to her confirmed number. Someone with no channel
 * for alerts is not reached. No option: every user. Each ticked option narrows it: autoPayEnabled (a
 * linked water account enrolled in autopay at the billing system), hasSavedPaymentMethod (a saved
 * profile at the payment gateway), hasUtilityAccount (a linked water account), noActivities (never
 * created an activity through the portal).
 */
export async function audienceOf(options: BulkAudience): Promise<Map<string, BulkRecipient>> {
  const audience = new Map<string, BulkRecipient>();
  const emails = new Map<string, string>();
  for (let cursor: string | null = null; ; ) {
    const page = await usersPage(cursor, SCAN_PAGE);
    for (const user of page) {
      const alerts = topicsOf(user.choice).alerts;
      const recipient: BulkRecipient = {
        language: languageOf(user.language),
        inApp: alerts.inApp,
        email: alerts.email && user.email ? user.email : null,
        phone: alerts.text && user.choice.textPhone ? user.choice.textPhone : null,
      };
      if (recipient.inApp || recipient.email || recipient.phone) audience.set(user.id, recipient);
      if (options.hasSavedPaymentMethod) emails.set(user.id, user.email ?? "");
    }
    if (page.length < SCAN_PAGE) break;
    cursor = page.at(-1)?.id ?? null;
  }
  const keepOnly = (allowed: Set<string>) => {
    for (const uid of audience.keys()) if (!allowed.has(uid)) audience.delete(uid);
  };
  if (options.hasUtilityAccount || options.autoPayEnabled) {
    const links = (await userBillingAccountLinks()).filter((link) => audience.has(link.userId));
    if (options.hasUtilityAccount) keepOnly(new Set(links.map((link) => link.userId)));
    if (options.autoPayEnabled) {
      const enrolled = await mapWithConcurrency(links, 8, async (link) =>
        (await billingConnector().autopayStatus({ customerId: link.customerId, locationId: link.locationId }))
          ? link.userId
          : null,
      );
      keepOnly(new Set(enrolled.filter((uid): uid is string => uid !== null)));
    }
  }
  if (options.noActivities) {
    const active = await usersWithActivities();
    for (const uid of active) audience.delete(uid);
  }
  if (options.hasSavedPaymentMethod) {
    // Last: one gateway call per remaining user.
    const uids = [...audience.keys()];
    const saved = await mapWithConcurrency(uids, 8, async (uid) =>
      (await paymentProfilesOf({ uid, email: emails.get(uid) ?? "" })).length > 0 ? uid : null,
    );
    keepOnly(new Set(saved.filter((uid): uid is string => uid !== null)));
  }
  return audience;
}

interface Device {
  id: string;
  userId: string;
  token: string;
}

/** Every push token after `cursor` (all of them: null), in id order, a page at a time. */
async function tokensAfter(cursor: string | null): Promise<Device[]> {
  const devices: Device[] = [];
  for (let from = cursor; ; ) {
    const page = await pushTokensPage(from, SCAN_PAGE);
    for (const { id, userId, token } of page) if (userId && token) devices.push({ id, userId, token });
    if (page.length < SCAN_PAGE) return devices;
    from = page.at(-1)?.id ?? null;
  }
}

/** The preview's recipient count: the people reached, and the devices with a push token of those who keep in-app. */
export async function countAudience(options: BulkAudience): Promise<{ users: number; devices: number }> {
  const [audience, tokens] = await Promise.all([audienceOf(options), tokensAfter(null)]);
  return { users: audience.size, devices: tokens.filter((token) => audience.get(token.userId)?.inApp).length };
}

export interface BulkRunOptions {
  /** Stops after this many push pages, as a crash between pages would (tests of the restart). */
  stopAfterPages?: number;
  /** Claims older than this without an outcome are counted as interrupted (default 60 s). */
  staleClaimMs?: number;
  /** Recipients per page (default 500); tests use small pages to cross page boundaries cheaply. */
  pageSize?: number;
  /**
   * Aborted when the process is asked to stop (SIGTERM: a deploy, a scale-in, the local scheduler
   * stopping): the page under way finishes and is recorded, no new page starts, and the next run
   * resumes after it, so no message is left claimed but unsent.
   */
  signal?: AbortSignal;
}

/**
 * Runs `work` on pages 0..count-1 in order, at most `concurrency` at once, starting none after
 * `signal` aborts. A page can ask how many pages from the first have all finished (`finished()`:
 * pages 0..finished()-1), so a cursor it commits never passes a page that is not done. Answers how
 * many pages from the first have all finished (count when every page did).
 */
export async function inOrderPages(
  count: number,
  concurrency: number,
  signal: AbortSignal | undefined,
  work: (index: number, finished: () => number) => Promise<void>,
): Promise<number> {
  const finished = new Array<boolean>(count).fill(false);
  let done = 0;
  let next = 0;
  const worker = async () => {
    while (next < count && !signal?.aborted) {
      const index = next++;
      await work(index, () => done);
      finished[index] = true;
      while (finished[done]) done += 1;
    }
  };
  await Promise.all(Array.from({ length: Math.max(0, Math.min(concurrency, count)) }, worker));
  return done;
}

/**
 * Runs (or resumes) the latest send of one bulk notification: the in-app messages in each user's
 * language, and the push messages, side by side, a few pages at a time. Safe to run again after a
 * crash and beside another runner: in-app messages are created with create() and their pages commit
 * with their cursor, and each push message is claimed with create() before it goes out, so nobody
 * is sent anything twice.
 */
export const runBulkSend = oneRunPerKey((id: string, options: BulkRunOptions = {}) => runOnce(id, options));

async function runOnce(id: string, options: BulkRunOptions): Promise<void> {
  const doc = await readBulkNotification(id);
  if (!doc || doc.status === "done") return;
  const sendId = bulkSendId(id, doc.run);
  /** This run's claims carry this id. */
  const runId = randomUUID();
  const log = requestLogger({ job: "bulk-push", sendId });
  const started = Date.now();
  const step = (message: string, data?: Record<string, unknown>) =>
    log.info(message, { ...data, ms: Date.now() - started });
  const pageSize = options.pageSize ?? BULK_BATCH_SIZE;
  // The audience stored by the run that started the send, else built (from every user) and stored;
  // read beside the push tokens still to send (each a scan of its own collection).
  const storedAudience = async () =>
    (doc.audienceChunks > 0 && (await readBulkAudience(sendId, doc.audienceChunks))) || audienceOf(doc.options);
  const [audience, tokens] = await Promise.all([storedAudience(), tokensAfter(doc.pushCursor)]);
  // Push goes with in-app: the people who keep city alerts "in the portal and the app".
  const devices = tokens.filter((token) => audience.get(token.userId)?.inApp);
  const languageOfUser = (userId: string): Language => audience.get(userId)?.language ?? "en";
  step("bulk send: audience", {
    users: audience.size,
    devices: devices.length,
    status: doc.status,
    pushCursor: doc.pushCursor,
  });
  const textsOf = (language: Language) =>
    language === "es"
      ? { title: doc.SpanishTitle, body: doc.SpanishBody }
      : { title: doc.EnglishTitle, body: doc.EnglishBody };
  const notice = {
    en: { title: doc.EnglishTitle, body: doc.EnglishBody },
    es: { title: doc.SpanishTitle, body: doc.SpanishBody },
  };
  const pushRecord = (token: Device) =>
    prepareMessage(
      { uid: token.userId, language: languageOfUser(token.userId), device: token.id },
      "notice",
      notice,
      "push",
      { id: bulkPushId(sendId, token.id), batchId: sendId },
    );
  const inAppRecord = (userId: string, language: Language) =>
    prepareMessage({ uid: userId, language }, "notice", notice, "inApp", {
      id: bulkInboxId(sendId, userId),
      batchId: sendId,
    });
  // The numbers that texted STOP, read once per run when someone on it chose texts (one read per
  // stopped number, none per person).
  let stoppedOnce: Promise<Set<string>> | null = null;
  const stoppedNumbers = () => {
    stoppedOnce ??= allOptedOutNumbers();
    return stoppedOnce;
  };
  // Emails and texts: ordinary messages of the message service, which the outbox job sends (retried,
  // receipts recorded). A text to a number that texted STOP is recorded opted out, never sent.
  const outboxMessages = async (userIds: string[]) => {
    const messages: Parameters<typeof createMessagesOnce>[0] = [];
    for (const userId of userIds) {
      const recipient = audience.get(userId);
      if (!recipient) continue;
      const { language, email, phone } = recipient;
      if (email) {
        const prepared = await prepareMessage({ uid: userId, email, language }, "notice", notice, "email", {
          id: bulkMessageId(sendId, userId, "email"),
          batchId: sendId,
        });
        messages.push({ id: prepared.id, message: prepared.doc });
      }
      if (phone) {
        const prepared = await prepareMessage({ uid: userId, phone, language }, "notice", notice, "sms", {
          id: bulkMessageId(sendId, userId, "sms"),
          batchId: sendId,
        });
        const stopped = (await stoppedNumbers()).has(phone);
        messages.push({
          id: prepared.id,
          message: prepared.doc,
          ...(stopped ? { settled: { messageStatus: "opted_out" as const, reason: TEXTS_STOPPED_REASON } } : {}),
        });
      }
    }
    await createMessagesOnce(messages);
    return [...new Set(messages.map(({ message }) => message.channel as "email" | "sms"))];
  };
  let audienceChunks = doc.audienceChunks;
  if (doc.status === "queued") {
    // A queued send has no push cursor: these are all its devices.
    audienceChunks = await saveBulkAudience(sendId, audience);
    await updateBulkSend(id, { status: "sending", users: audience.size, devices: devices.length, audienceChunks });
    step("bulk send: audience stored");
  }

  // In-app messages: the recipients in id order after the committed cursor, a few pages at once.
  // A page's batch moves the cursor only over the pages before it that have all committed.
  const writeInbox = async (): Promise<boolean> => {
    if (doc.inboxDone) return true;
    const recipients = [...audience.keys()].sort().filter((uid) => !doc.inboxCursor || uid > doc.inboxCursor);
    const pages: string[][] = [];
    for (let start = 0; start < recipients.length; start += pageSize) {
      pages.push(recipients.slice(start, start + pageSize));
    }
    const cursor = (written: number) => pages[written - 1]?.at(-1) ?? null;
    const written = await inOrderPages(pages.length, INBOX_CONCURRENCY, options.signal, async (index, finished) => {
      const page = pages[index] as string[];
      // The page's emails and texts first (created once each: a page written again keeps them).
      const channels = await outboxMessages(page);
      // Each in-app message is the message service's (rendered by it, counted with the send's
      // messages), recorded as delivered just before the page's notifications commit with the cursor.
      const inApp = page.filter((userId) => audience.get(userId)?.inApp);
      const records = await Promise.all(inApp.map((userId) => inAppRecord(userId, languageOfUser(userId))));
      await recordDeliveredInAppMessages(records.map(({ id, doc }) => ({ id, message: doc })));
      await writeBulkInboxPage(
        id,
        sendId,
        inApp.map((userId) => ({ userId, ...textsOf(languageOfUser(userId)) })),
        cursor(finished()),
        channels,
      );
    });
    if (written < pages.length) {
      // Stopped: the cursor over every page written, for the next run.
      if (written > 0) await updateBulkSend(id, { inboxCursor: cursor(written) });
      return false;
    }
    await updateBulkSend(id, { inboxDone: true, ...(written > 0 ? { inboxCursor: cursor(written) } : {}) });
    step("bulk send: in-app messages written");
    return true;
  };

  // Push messages: the audience's tokens in id order after the last finished page, two pages at
  // once. A page's outcomes move the cursor only over the pages before it that are all recorded.
  // True once every page is done.
  const sendPushes = async (): Promise<boolean> => {
    const size = options.pageSize ?? PUSH_PAGE_SIZE;
    const pages: Device[][] = [];
    for (let start = 0; start < devices.length; start += size) pages.push(devices.slice(start, start + size));
    const count = Math.min(pages.length, options.stopAfterPages ?? pages.length);
    const cursor = (finished: number) => pages[finished - 1]?.at(-1)?.id ?? null;
    const recorded = await inOrderPages(count, PUSH_PAGES_IN_FLIGHT, options.signal, async (index, finished) => {
      const page = pages[index] as Device[];
      // Each device's message is the message service's (rendered by it in the user's language), and
      // its record is its claim (create(), one batch a page), written before it goes out; it is never
      // sent unclaimed: messages claimed before (by a run that stopped or died on this page, or
      // another runner) are skipped. Then each is sent by the push channel's sender, and the page's
      // results recorded on the messages with the counters and the cursor.
      const prepared = await Promise.all(
        page.map(async (token) => ({ ...(await pushRecord(token)), deviceToken: token.token, tokenId: token.id })),
      );
      const tokenOf = new Map(prepared.map((message) => [message.id, message.tokenId]));
      const results = await sendEachOnce(runId, prepared, PUSH_CONCURRENCY);
      const outcomes = results.map((result) => ({
        tokenId: tokenOf.get(result.id) as string,
        result,
        dropToken: deadToken(result),
      }));
      await recordDeliveryPage(id, outcomes, cursor(finished() === index ? index + 1 : finished()));
      if ((index + 1) % 40 === 0) step("bulk send: push pages", { pages: index + 1 });
    });
    if (recorded < pages.length) {
      // Stopped: the cursor over every page recorded, for the next run.
      if (recorded > 0) await updateBulkSend(id, { pushCursor: cursor(recorded) });
      return false;
    }
    return true;
  };

  // The two are independent (each has its own cursor): they run side by side.
  const phases = await Promise.allSettled([writeInbox(), sendPushes()]);
  for (const phase of phases) if (phase.status === "rejected") throw phase.reason;
  if (phases.some((phase) => phase.status === "fulfilled" && !phase.value)) return;
  step("bulk send: in-app and push messages sent");

  const counts = await finishClaims(sendId, options.staleClaimMs ?? STALE_CLAIM_MS);
  if (!counts) return; // Finished by a later run.
  const inApp = await inAppDeliveredOf(sendId);
  await updateBulkSend(id, { ...counts, inAppDelivered: inApp, status: "done", finishedAt: Timestamp.now() });
  await deleteBulkAudience(sendId, audienceChunks);
  step("bulk send: done", counts);
}

/** A send's in-app messages delivered so far (the message service's records of the send). */
export async function inAppDeliveredOf(sendId: string): Promise<number> {
  return (await messageCountsOfBatch(sendId, ["inApp"], ["delivered"])).inApp?.delivered ?? 0;
}

/** The job: every unfinished send, one after another. */
export async function runBulkSends(options: BulkRunOptions = {}): Promise<{ sends: number }> {
  const ids = await unfinishedBulkNotifications();
  for (const id of ids) {
    if (options.signal?.aborted) break;
    await runBulkSend(id, options);
  }
  return { sends: ids.length };
}
