import { randomUUID } from "node:crypto";
import { parse } from "csv-parse/sync";
import { Timestamp } from "firebase-admin/firestore";
import { billingConnector } from "../../connectors/billing/connection";
import { mapWithConcurrency } from "../../connectors/push/batch";
import {
  DELINQUENCY_ADDRESS_MAX,
  DELINQUENCY_LISTED_MAX,
  DELINQUENCY_PAGE_SIZES,
  DELINQUENCY_ROWS_PER_CHUNK,
  type DelinquencyBatch,
  type DelinquencyRow,
  type DelinquencySummary,
  type DroppedAccount,
} from "../../contract/delinquency";
import { deadToken, finishClaims, recordDeliveryOutcomes } from "../../data/bulk-notifications";
import {
  accountHolders,
  commitDelinquencyChunk,
  createDelinquencyBatch,
  type DelinquencyBatchDoc,
  pushTokensOfUsers,
  readDelinquencyBatch,
  readDelinquencyChunks,
  unfinishedDelinquencyBatches,
  updateDelinquencyBatch,
  usersByIds,
} from "../../data/delinquency-batches";
import { instant } from "../../data/fields";
import { createMessage, messageCountsOfBatch, recordDeliveredInAppMessages } from "../../data/messages";
import { optedOutNumbers, TEXTS_STOPPED_REASON } from "../../data/sms-opt-outs";
import { badRequest } from "../../platform/http/api-error";
import { oneRunPerKey } from "../../platform/one-run-per-key";
import { portalOrigin } from "../../platform/portal-url";
import { prepareMessage, recordOptedOutMessage, sendEachOnce } from "../messages/message.service";

/** A header as a key: "Account Number", "account_number" and "accountNumber" are one column. */
const keyOf = (header: string) => header.toLowerCase().replace(/[^a-z]/g, "");
const COLUMN_KEYS = {
  accountNumber: "accountnumber",
  amount: "delinquentamount",
  shutoffDate: "shutoffdate",
  address: "address",
} as const;

/** Dollars as typed in a spreadsheet ("$1,234.50", "12") to cents; null when it is not an amount. */
function centsOf(value: string): number | null {
  const cleaned = value.replace(/[$,\s]/g, "");
  if (!/^\d+(\.\d{1,2})?$/.test(cleaned)) return null;
  const [whole, fraction = ""] = cleaned.split(".");
  return Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
}

/** MM/DD/YYYY or YYYY-MM-DD to YYYY-MM-DD; null when it is no calendar date. */
function dateOf(value: string): string | null {
  const us = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(value);
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const [year, month, day] = us ? [us[3], us[1], us[2]] : iso ? [iso[1], iso[2], iso[3]] : [];
  if (!year || !month || !day) return null;
  const date = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  if (date.getUTCMonth() !== Number(month) - 1 || date.getUTCDate() !== Number(day)) return null;
  return date.toISOString().slice(0, 10);
}

/** "123-45" with leading zeros dropped, the way the billing system matches numbers; null when malformed. */
function accountKeyOf(value: string): string | null {
  const match = /^(\d{1,9})-(\d{1,9})$/.exec(value);
  return match ? `${Number(match[1])}-${Number(match[2])}` : null;
}

/**
 * Verifies a delinquency file (spec 3 delinquency flow): parsed with csv-parse, each row checked,
 * matched to the portal users who hold the account, with their shut-off warning preference.
 */
export async function verifyDelinquencyFile(text: string): Promise<DelinquencySummary> {
  // The account links are read while the file is parsed (one read of the whole collection).
  const holdersRead = accountHolders();
  holdersRead.catch(() => undefined); // Awaited below; a bad file must not leave it unhandled.
  let records: string[][];
  try {
    records = parse(text, { bom: true, skip_empty_lines: true, relax_column_count: true, trim: true });
  } catch (error) {
    throw badRequest(`The file is not valid CSV: ${(error as Error).message}`, {
      "body.delinquencyData": "InvalidCsv",
    });
  }
  const [header = [], ...body] = records;
  const index = Object.fromEntries(
    Object.entries(COLUMN_KEYS).map(([name, key]) => [name, header.findIndex((cell) => keyOf(cell) === key)]),
  ) as Record<keyof typeof COLUMN_KEYS, number>;
  if (index.accountNumber < 0) {
    throw badRequest("The file has no Account Number column.", { "body.delinquencyData": "MissingColumns" });
  }
  const holders = await holdersRead;
  const seen = new Map<string, number>();
  const rows: DelinquencyRow[] = body.map((cells, position) => {
    const row = position + 2;
    const cell = (name: keyof typeof COLUMN_KEYS) => (index[name] >= 0 ? (cells[index[name]] ?? "") : "");
    const problems: string[] = [];
    const accountNumber = cell("accountNumber");
    const key = accountNumber ? accountKeyOf(accountNumber) : null;
    if (!accountNumber) problems.push("account number missing");
    else if (!key) problems.push("account number is not customer-location (e.g. 100234-200117)");
    else if (seen.has(key)) problems.push(`account number repeats row ${seen.get(key)}`);
    else seen.set(key, row);
    const amountText = cell("amount");
    const cents = amountText ? centsOf(amountText) : null;
    if (!amountText) problems.push("delinquent amount missing");
    else if (cents === null || cents <= 0) problems.push("delinquent amount is not a positive amount");
    const dateText = cell("shutoffDate");
    const shutoffDate = dateText ? dateOf(dateText) : null;
    if (!dateText) problems.push("shutoff date missing");
    else if (!shutoffDate) problems.push("shutoff date is not a date (MM/DD/YYYY)");
    const address = cell("address");
    if (address.length > DELINQUENCY_ADDRESS_MAX) {
      problems.push(`address is longer than ${DELINQUENCY_ADDRESS_MAX} characters`);
    }
    // The account's portal holders; the first one whose user record exists is chosen below.
    const candidates = key ? (holders.get(key) ?? []) : [];
    const holder = candidates[0] ?? null;
    return {
      row,
      accountNumber,
      delinquentAmountCents: cents ?? 0,
      shutoffDate: shutoffDate ?? "",
      address: address.slice(0, DELINQUENCY_ADDRESS_MAX),
      phonePreference: false,
      user: holder ? { hasPortalAccount: true, userId: holder, userName: "", userEmail: "", userPhone: "" } : null,
      problems,
    };
  });
  const candidatesOf = (row: DelinquencyRow) => {
    const key = row.accountNumber ? accountKeyOf(row.accountNumber) : null;
    return key ? (holders.get(key) ?? []) : [];
  };
  // A link can outlive its user (an account deleted elsewhere): such a holder must not hide a real one.
  const users = await usersByIds([...new Set(rows.flatMap(candidatesOf))]);
  const stopped = await optedOutNumbers([...users.values()].map((user) => user.billsTextPhone ?? ""));
  for (const row of rows) {
    const userId = candidatesOf(row).find((candidate) => users.has(candidate));
    const user = userId ? users.get(userId) : undefined;
    if (!row.user || !userId || !user) {
      row.user = null;
      continue;
    }
    row.user = { ...row.user, userId, userName: user.name, userEmail: user.email, userPhone: user.phone };
    // Texted when the holder chose texts for bills and shut-off notices, confirmed the number, and
    // did not text STOP (issue 29); emailed otherwise.
    row.phonePreference = user.billsTextPhone !== null && !stopped.has(user.billsTextPhone);
  }
  const valid = rows.filter((row) => row.problems.length === 0).length;
  const errors = rows.flatMap((row) => row.problems.map((problem) => `row ${row.row}: ${problem}`));
  return {
    counts: {
      rows: rows.length,
      valid,
      invalid: rows.length - valid,
      withPortalUser: rows.filter((row) => row.user).length,
    },
    rows,
    errors,
    errorCount: errors.length,
  };
}

/** Rows the send reaches: no problems, a portal user, not dropped by the re-check. */
const sendable = (row: DelinquencyRow) => row.problems.length === 0 && row.user !== null && !row.dropped;

/**
 * Just before sending: asks the billing system about each sendable row again, and drops the accounts
 * that have been paid since (nothing due) or enrolled in autopay.
 */
async function recheckWithBilling(rows: DelinquencyRow[]): Promise<DroppedAccount[]> {
  const dropped = await mapWithConcurrency(rows, 8, async (row): Promise<DroppedAccount | null> => {
    const lookup = await billingConnector().lookupAccount(row.accountNumber);
    const { AmountDueWithoutPendingCents, CustomerId, LocationId } = lookup.OutputParms;
    // An account billing does not know is sent as the file says (nothing shows it was paid).
    if (!CustomerId) return null;
    if (AmountDueWithoutPendingCents <= 0) return { row: row.row, accountNumber: row.accountNumber, reason: "paid" };
    const autopay = await billingConnector().autopayStatus({ customerId: CustomerId, locationId: LocationId });
    return autopay ? { row: row.row, accountNumber: row.accountNumber, reason: "autopay" } : null;
  });
  return dropped.filter((entry): entry is DroppedAccount => entry !== null);
}

/**
 * Verifies the file again and stores it as a batch (its rows in chunks) for the delinquency job,
 * which re-checks each chunk with billing just before sending it.
 */
export async function queueDelinquencyBatch(text: string, createdBy: string): Promise<string> {
  const summary = await verifyDelinquencyFile(text);
  return createDelinquencyBatch(
    {
      createdBy,
      counts: summary.counts,
      errors: summary.errors.slice(0, DELINQUENCY_LISTED_MAX),
      errorCount: summary.errorCount,
    },
    summary.rows,
  );
}

/** The API shape of a batch, with one page of its rows (none for the list). */
export function toDelinquencyBatch(
  id: string,
  doc: DelinquencyBatchDoc,
  rows: DelinquencyRow[] = [],
  page: DelinquencyBatch["page"] = { page: 0, pageSize: DELINQUENCY_PAGE_SIZES[0] },
): DelinquencyBatch {
  return {
    Id: id,
    createdAt: instant(doc.createdAt) ?? new Date(0).toISOString(),
    processed: doc.status === "done",
    status: doc.status,
    usersReached: doc.usersReached,
    sentAt: instant(doc.sentAt),
    delivered: doc.delivered,
    failed: doc.failed,
    page,
    droppedCount: doc.droppedCount,
    data: {
      summary: { counts: doc.counts, rows, errors: doc.errors, errorCount: doc.errorCount },
      dropped: [...doc.dropped].sort((a, b) => a.row - b.row),
    },
  };
}

/** One page of a stored batch's rows: a page lies within one chunk (the chunk size is a multiple of it). */
export async function delinquencyBatchPage(
  id: string,
  doc: DelinquencyBatchDoc,
  page: DelinquencyBatch["page"],
): Promise<DelinquencyBatch> {
  const first = page.page * page.pageSize;
  const index = Math.floor(first / DELINQUENCY_ROWS_PER_CHUNK);
  const [chunk = []] = index < doc.chunks ? await readDelinquencyChunks(id, [index]) : [];
  const offset = first - index * DELINQUENCY_ROWS_PER_CHUNK;
  const sendId = `delinquency-${id}`;
  return {
    ...toDelinquencyBatch(id, doc, chunk.slice(offset, offset + page.pageSize), page),
    messages: await messageCountsOfBatch(sendId, DELINQUENCY_MESSAGE_CHANNELS),
  };
}

/** Every row of a stored batch, a few chunks a read (the export). */
export async function delinquencyBatchRows(id: string, doc: DelinquencyBatchDoc): Promise<DelinquencyRow[]> {
  const rows: DelinquencyRow[] = [];
  for (let first = 0; first < doc.chunks; first += 20) {
    const indexes = Array.from({ length: Math.min(20, doc.chunks - first) }, (_, n) => first + n);
    for (const chunk of await readDelinquencyChunks(id, indexes)) rows.push(...chunk);
  }
  return rows;
}

const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;
const usDate = (iso: string) => (iso ? `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}` : "");

function messageOf(row: DelinquencyRow, language: string | null) {
  if (language?.toLowerCase().startsWith("es")) {
    return {
      title: "Su factura de agua está vencida",
      body: `La cuenta ${row.accountNumber} debe ${money(row.delinquentAmountCents)}. El servicio puede cortarse el ${usDate(row.shutoffDate)} si no se paga.`,
    };
  }
  return {
    title: "Your water bill is past due",
    body: `Account ${row.accountNumber} owes ${money(row.delinquentAmountCents)}. Service may be shut off on ${usDate(row.shutoffDate)} unless it is paid.`,
  };
}

/**
 * A batch's channels, counted from the message service's records: in-app, recorded as delivered with
 * the chunk's notifications; push, one message per device; and the notice by text or email, which the
 * outbox job sends.
 */
export const DELINQUENCY_MESSAGE_CHANNELS = ["inApp", "push", "sms", "email"] as const;

/**
 * Each row's notice by text (the holder chose texts for bills, confirmed her number, and it has not
 * texted STOP: checked now, not when the file was verified) or else by email (unless she turned email
 * off for bills), through the message service; the outbox job sends them. Ids are derived from the
 * batch, row and user, so doing it twice queues each notice once.
 */
async function queueNotices(
  sendId: string,
  recipients: DelinquencyRow[],
  users: Awaited<ReturnType<typeof usersByIds>>,
): Promise<void> {
  const stopped = await optedOutNumbers([...users.values()].map((user) => user.billsTextPhone ?? ""));
  const link = `${portalOrigin()}/payment`;
  await mapWithConcurrency(recipients, 16, async (row) => {
    const userId = row.user?.userId as string;
    const user = users.get(userId);
    if (!user) return;
    const textStopped = user.billsTextPhone !== null && stopped.has(user.billsTextPhone);
    const phone = user.billsTextPhone && !textStopped ? user.billsTextPhone : null;
    const language = user.language?.startsWith("es") ? ("es" as const) : ("en" as const);
    const toBy = (channel: "sms" | "email") =>
      channel === "sms"
        ? { uid: userId, phone: user.billsTextPhone, language }
        : { uid: userId, email: user.email || null, language };
    const notice = {
      accountNumber: row.accountNumber,
      amountCents: row.delinquentAmountCents,
      shutoffDate: row.shutoffDate,
      link,
    };
    const idOf = (channel: "sms" | "email") => `${sendId}-${row.row}-${userId}-${channel}`;
    if (textStopped) {
      // She chose texts, and her number texted STOP: the text is recorded as opted out (the batch's
      // counts show it) and never sent; her notice goes by email when she kept email for bills.
      await recordOptedOutMessage(toBy("sms"), "shutoffNotice", notice, "sms", {
        id: idOf("sms"),
        batchId: sendId,
        reason: TEXTS_STOPPED_REASON,
      });
    }
    const channel = phone ? "sms" : user.billsEmail && user.email ? "email" : null;
    if (!channel) return;
    const prepared = await prepareMessage(toBy(channel), "shutoffNotice", notice, channel, {
      id: idOf(channel),
      batchId: sendId,
    });
    await createMessage(prepared.id, prepared.doc);
  });
}

/** A claim older than this with no outcome belongs to a runner that died. */
const STALE_CLAIM_MS = 60_000;
/** Push messages in flight at once. */
const PUSH_CONCURRENCY = 8;

export interface DelinquencyRunOptions {
  /** Stop after re-checking this many chunks (a test's crash midway). */
  stopAfterChunks?: number;
  staleClaimMs?: number;
}

/**
 * Sends (or resumes) one batch. First, chunk by chunk from the committed cursor: the chunk's
 * sendable rows are re-checked with billing, and the chunk's dropped marks, its in-app messages and
 * the cursor commit together. Then a push message to each device of each row's user, claimed with
 * create() before it goes out (as bulk sends). A restart repeats nothing.
 */
export const runDelinquencyBatch = oneRunPerKey((id: string, options: DelinquencyRunOptions = {}) =>
  runOnce(id, options),
);

async function runOnce(id: string, options: DelinquencyRunOptions): Promise<void> {
  const doc = await readDelinquencyBatch(id);
  if (!doc || doc.status === "done") return;
  if (doc.status === "queued") await updateDelinquencyBatch(id, { status: "sending" });
  const sendId = `delinquency-${id}`;
  let listed = doc.dropped.length;
  let chunksDone = 0;
  for (let index = doc.inboxCursor; index < doc.chunks; index++) {
    const [rows = []] = await readDelinquencyChunks(id, [index]);
    const dropped = await recheckWithBilling(rows.filter(sendable));
    const reasons = new Map(dropped.map((entry) => [entry.row, entry.reason]));
    for (const row of rows) {
      const reason = reasons.get(row.row);
      if (reason) row.dropped = reason;
    }
    const recipients = rows.filter(sendable);
    const users = await usersByIds([...new Set(recipients.map((row) => row.user?.userId as string))]);
    const messages = recipients.flatMap((row) => {
      const userId = row.user?.userId as string;
      // A user removed since the file was verified gets nothing.
      if (!users.has(userId)) return [];
      return [
        { id: `${sendId}-${row.row}-${userId}`, userId, row, ...messageOf(row, users.get(userId)?.language ?? null) },
      ];
    });
    // Before the chunk's commit, so a run that dies between the two repeats them (the same ids: kept once).
    await queueNotices(sendId, recipients, users);
    // The in-app messages are the message service's too: recorded as delivered, then their
    // notifications commit with the chunk (a run that dies between writes the same records again).
    await recordDeliveredInAppMessages(
      await Promise.all(
        messages.map(async ({ id: messageId, userId, row }) => {
          const language = users.get(userId)?.language?.toLowerCase().startsWith("es") ? "es" : "en";
          const texts = { en: messageOf(row, "en"), es: messageOf(row, "es") };
          const prepared = await prepareMessage({ uid: userId, language }, "notice", texts, "inApp", {
            id: messageId,
            batchId: sendId,
          });
          return { id: prepared.id, message: prepared.doc };
        }),
      ),
    );
    const room = Math.max(0, DELINQUENCY_LISTED_MAX - listed);
    await commitDelinquencyChunk(id, index, rows, messages, dropped, dropped.slice(0, room));
    listed += Math.min(room, dropped.length);
    chunksDone += 1;
    if (options.stopAfterChunks !== undefined && chunksDone >= options.stopAfterChunks) return;
  }

  // Push messages: every (row, device) of the rows sent, each claimed once.
  const rows = (await delinquencyBatchRows(id, doc)).filter(sendable);
  const users = await usersByIds([...new Set(rows.map((row) => row.user?.userId as string))]);
  const recipients = rows.filter((row) => users.has(row.user?.userId as string));
  const tokens = await pushTokensOfUsers(new Set(recipients.map((row) => row.user?.userId as string)));
  const tokensOf = new Map<string, typeof tokens>();
  for (const token of tokens) tokensOf.set(token.userId, [...(tokensOf.get(token.userId) ?? []), token]);
  const pushes = recipients.flatMap((row) =>
    (tokensOf.get(row.user?.userId as string) ?? []).map((token) => ({
      row,
      token,
      claimId: `${row.row}-${token.id}`,
    })),
  );
  const runId = randomUUID();
  for (let start = 0; start < pushes.length; start += 500) {
    const page = pushes.slice(start, start + 500);
    // Each device's notice is the message service's, its record its claim (as bulk sends): written
    // before it goes out, never sent twice; then sent by the push channel's sender, results recorded.
    const prepared = await Promise.all(
      page.map(async ({ row, token, claimId }) => {
        const language = users.get(token.userId)?.language?.toLowerCase().startsWith("es") ? "es" : "en";
        const texts = { en: messageOf(row, "en"), es: messageOf(row, "es") };
        const message = await prepareMessage(
          { uid: token.userId, language, device: token.id },
          "notice",
          texts,
          "push",
          { id: `${sendId}-push-${claimId}`, batchId: sendId },
        );
        return { ...message, deviceToken: token.token, tokenId: token.id };
      }),
    );
    const tokenOf = new Map(prepared.map((message) => [message.id, message.tokenId]));
    const results = await sendEachOnce(runId, prepared, PUSH_CONCURRENCY);
    await recordDeliveryOutcomes(
      results.map((result) => ({ tokenId: tokenOf.get(result.id) as string, result, dropToken: deadToken(result) })),
    );
  }

  // Claims left by a runner that died between claim and outcome: never sent again, counted failed.
  const counts = await finishClaims(sendId, options.staleClaimMs ?? STALE_CLAIM_MS);
  if (!counts) return; // Finished by a later run.
  await updateDelinquencyBatch(id, {
    status: "done",
    usersReached: new Set(recipients.map((row) => row.user?.userId)).size,
    delivered: counts.delivered,
    failed: counts.failed,
    sentAt: Timestamp.now(),
  });
}

/** The job: every batch not sent yet. */
export async function runDelinquencySends(options: DelinquencyRunOptions = {}): Promise<{ batches: number }> {
  const ids = await unfinishedDelinquencyBatches();
  for (const id of ids) await runDelinquencyBatch(id, options);
  return { batches: ids.length };
}
