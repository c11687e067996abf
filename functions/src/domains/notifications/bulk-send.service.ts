import { Timestamp } from "firebase-admin/firestore";
import { billingConnector } from "../../connectors/billing/connection";
import { mapWithConcurrency } from "../../connectors/push/batch";
import { pushConnector } from "../../connectors/push/connection";
import type { PushSendResponse } from "../../connectors/push/types";
import type { BulkAudience } from "../../contract/bulk-notifications";
import {
  bulkSendId,
  claimDeliveries,
  countDeliveries,
  type DeliveryOutcome,
  markClaimsInterrupted,
  pushTokensPage,
  readBulkNotification,
  recordDeliveryPage,
  unfinishedBulkNotifications,
  unfinishedClaims,
  updateBulkSend,
  userBillingAccountLinks,
  usersPage,
  usersWithActivities,
  writeBulkInboxPage,
} from "../../data/bulk-notifications";
import { ConnectorError } from "../../platform/connector-error";
import { requestLogger } from "../../platform/logger";
import { paymentProfilesOf } from "../payment/payment-methods.service";

/** The fan-out's page: 500 recipients (FCM's sendEach limit) per in-app batch and per push page. */
export const BULK_BATCH_SIZE = 500;
/** Messages in flight at once. */
const PUSH_CONCURRENCY = Number(process.env.BULK_PUSH_CONCURRENCY ?? 24);
/** A claim older than this with no outcome belongs to a runner that died. */
const STALE_CLAIM_MS = 60_000;

type Language = "en" | "es";

const languageOf = (stored: string | null): Language => (stored?.toLowerCase().startsWith("es") ? "es" : "en");

/**
 * The users a send with these options reaches, with their language. No option: every user.
 * Each ticked option narrows it: autoPayEnabled (a linked water account enrolled in autopay at the
 * billing system), hasSavedPaymentMethod (a saved profile at the payment gateway), hasUtilityAccount
 * (a linked water account), noActivities (never created an activity through the portal).
 */
export async function audienceOf(options: BulkAudience): Promise<Map<string, Language>> {
  const audience = new Map<string, Language>();
  const emails = new Map<string, string>();
  for (let cursor: string | null = null; ; ) {
    const page = await usersPage(cursor, 1000);
    for (const user of page) {
      audience.set(user.id, languageOf(user.language));
      emails.set(user.id, user.email ?? "");
    }
    if (page.length < 1000) break;
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

/** How many devices of these users have a push token (a scan of the tokens, a page at a time). */
async function devicesOf(audience: Map<string, Language>): Promise<number> {
  let devices = 0;
  for (let cursor: string | null = null; ; ) {
    const page = await pushTokensPage(cursor, 2000);
    for (const token of page) if (token.userId && audience.has(token.userId)) devices += 1;
    if (page.length < 2000) return devices;
    cursor = page.at(-1)?.id ?? null;
  }
}

/** The preview's recipient count. */
export async function countAudience(options: BulkAudience): Promise<{ users: number; devices: number }> {
  const audience = await audienceOf(options);
  return { users: audience.size, devices: await devicesOf(audience) };
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

const failureReason = (response: PushSendResponse) => (response.success ? null : response.error.code);

/** Sends one message this runner has claimed; never throws (an outage is this message's failure). */
async function deliverOne(
  token: { id: string; userId: string; token: string },
  texts: { title: string; body: string },
  notificationId: string,
): Promise<DeliveryOutcome> {
  let response: PushSendResponse;
  try {
    const batch = await pushConnector().send([
      { token: token.token, notification: texts, data: { kind: "bulk", notificationId } },
    ]);
    response = batch.responses[0] ?? { success: false, error: { code: "unavailable", message: "no answer" } };
  } catch (error) {
    const message = error instanceof ConnectorError ? error.message : String(error);
    response = { success: false, error: { code: "unavailable", message } };
  }
  const reason = failureReason(response);
  return {
    tokenId: token.id,
    delivered: response.success,
    reason,
    dropToken: reason === "unregistered" || reason === "invalid-token",
  };
}

const running = new Map<string, Promise<void>>();

/**
 * Runs (or resumes) the latest send of one bulk notification: the in-app messages in each user's
 * language, then the push messages, a page of 500 tokens at a time. Safe to run again after a crash
 * and beside another runner: in-app pages commit with their cursor, and each push message is claimed
 * with create() before it goes out, so nobody is sent anything twice.
 */
export function runBulkSend(id: string, options: BulkRunOptions = {}): Promise<void> {
  const current = running.get(id);
  if (current) return current;
  const run = runOnce(id, options).finally(() => running.delete(id));
  running.set(id, run);
  return run;
}

async function runOnce(id: string, options: BulkRunOptions): Promise<void> {
  const doc = await readBulkNotification(id);
  if (!doc || doc.status === "done") return;
  const sendId = bulkSendId(id, doc.run);
  const log = requestLogger({ job: "bulk-push", sendId });
  const started = Date.now();
  const step = (message: string, data?: Record<string, unknown>) =>
    log.info(message, { ...data, ms: Date.now() - started });
  const pageSize = options.pageSize ?? BULK_BATCH_SIZE;
  const audience = await audienceOf(doc.options);
  step("bulk send: audience", { users: audience.size, status: doc.status, pushCursor: doc.pushCursor });
  const textsOf = (language: Language) =>
    language === "es"
      ? { title: doc.SpanishTitle, body: doc.SpanishBody }
      : { title: doc.EnglishTitle, body: doc.EnglishBody };
  if (doc.status === "queued") {
    await updateBulkSend(id, { status: "sending", users: audience.size, devices: await devicesOf(audience) });
    step("bulk send: devices counted");
  }

  // In-app messages: the recipients in id order, from the committed cursor. True once all are written.
  const writeInbox = async (): Promise<boolean> => {
    if (doc.inboxDone) return true;
    const recipients = [...audience.keys()].sort().filter((uid) => !doc.inboxCursor || uid > doc.inboxCursor);
    for (let start = 0; start < recipients.length; start += pageSize) {
      if (options.signal?.aborted) return false;
      const page = recipients.slice(start, start + pageSize);
      await writeBulkInboxPage(
        id,
        sendId,
        page.map((userId) => ({ userId, ...textsOf(audience.get(userId) ?? "en") })),
      );
    }
    await updateBulkSend(id, { inboxDone: true });
    step("bulk send: in-app messages written");
    return true;
  };

  // Push messages: the tokens in id order, from the last finished page. True once every page is done.
  const sendPushes = async (): Promise<boolean> => {
    let pages = 0;
    for (let cursor = doc.pushCursor; ; ) {
      if (options.signal?.aborted) return false;
      const page = await pushTokensPage(cursor, pageSize);
      if (page.length === 0) return true;
      const mine = page.filter((token): token is { id: string; userId: string; token: string } =>
        Boolean(token.userId && token.token && audience.has(token.userId)),
      );
      // The page's messages are claimed together (one batch), then sent: a message is never sent
      // unclaimed, and one claimed before (by a runner that stopped or died on this page) is skipped.
      const claimed = await claimDeliveries(sendId, mine);
      const todo = mine.filter((token) => claimed.has(token.id));
      const outcomes = await mapWithConcurrency(todo, PUSH_CONCURRENCY, (token) =>
        deliverOne(token, textsOf(audience.get(token.userId) ?? "en"), id),
      );
      cursor = page.at(-1)?.id ?? cursor;
      await recordDeliveryPage(id, sendId, outcomes, cursor as string);
      pages += 1;
      if (pages % 20 === 0) step("bulk send: push pages", { pages, cursor });
      if (options.stopAfterPages !== undefined && pages >= options.stopAfterPages) return false;
      if (page.length < pageSize) return true;
    }
  };

  // The two are independent (each has its own cursor): they run side by side.
  const phases = await Promise.allSettled([writeInbox(), sendPushes()]);
  for (const phase of phases) if (phase.status === "rejected") throw phase.reason;
  if (phases.some((phase) => phase.status === "fulfilled" && !phase.value)) return;

  // Claims left by a runner that died between claim and outcome: their fate is unknown, so they are
  // never sent again and count as failed ("interrupted"). A recent one may be a live runner's.
  const staleMs = options.staleClaimMs ?? STALE_CLAIM_MS;
  const claims = await unfinishedClaims(sendId);
  const stale = claims.filter((claim) => Date.now() - claim.claimedAt >= staleMs);
  await markClaimsInterrupted(stale.map((claim) => claim.id));
  if (stale.length < claims.length) return; // Finished by a later run.
  const counts = await countDeliveries(sendId);
  await updateBulkSend(id, { ...counts, status: "done", finishedAt: Timestamp.now() });
  step("bulk send: done", counts);
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
