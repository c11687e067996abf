import { parse } from "csv-parse/sync";
import { Timestamp } from "firebase-admin/firestore";
import { billingConnector } from "../../connectors/billing/connection";
import { mapWithConcurrency } from "../../connectors/push/batch";
import { pushConnector } from "../../connectors/push/connection";
import type { DelinquencyBatch, DelinquencyRow, DelinquencySummary, DroppedAccount } from "../../contract/delinquency";
import { claimDelivery, recordDeliveryOutcomes } from "../../data/bulk-notifications";
import {
  accountHolders,
  createDelinquencyBatch,
  createMessageOnce,
  type DelinquencyBatchDoc,
  pushTokensOfUsers,
  readDelinquencyBatch,
  unfinishedDelinquencyBatches,
  updateDelinquencyBatch,
  usersByIds,
} from "../../data/delinquency-batches";
import { instant } from "../../data/fields";
import { badRequest } from "../../platform/http/api-error";

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
  const holders = await accountHolders();
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
    // The account's portal holders; the first one whose user record exists is chosen below.
    const candidates = key ? (holders.get(key) ?? []) : [];
    const holder = candidates[0] ?? null;
    return {
      row,
      accountNumber,
      delinquentAmountCents: cents ?? 0,
      shutoffDate: shutoffDate ?? "",
      address: cell("address"),
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
  for (const row of rows) {
    const userId = candidatesOf(row).find((candidate) => users.has(candidate));
    const user = userId ? users.get(userId) : undefined;
    if (!row.user || !userId || !user) {
      row.user = null;
      continue;
    }
    row.user = { ...row.user, userId, userName: user.name, userEmail: user.email, userPhone: user.phone };
    row.phonePreference = user.shutoffWarnings;
  }
  const valid = rows.filter((row) => row.problems.length === 0).length;
  return {
    counts: {
      rows: rows.length,
      valid,
      invalid: rows.length - valid,
      withPortalUser: rows.filter((row) => row.user).length,
    },
    rows,
    errors: rows.flatMap((row) => row.problems.map((problem) => `row ${row.row}: ${problem}`)),
  };
}

/**
 * Just before sending: asks the billing system about each valid row with a portal user again, and
 * drops the accounts that have been paid since (nothing due) or enrolled in autopay.
 */
async function recheckWithBilling(rows: DelinquencyRow[]): Promise<DroppedAccount[]> {
  const dropped = await mapWithConcurrency(rows, 8, async (row): Promise<DroppedAccount | null> => {
    const lookup = await billingConnector().lookupAccount(row.accountNumber);
    const { AmountDueWithoutPending, CustomerId, LocationId } = lookup.OutputParms;
    if (CustomerId && AmountDueWithoutPending <= 0)
      return { row: row.row, accountNumber: row.accountNumber, reason: "paid" };
    const [customerId = "", locationId = ""] = row.accountNumber.split("-");
    const autopay = await billingConnector().autopayStatus({
      customerId: CustomerId || customerId,
      locationId: LocationId || locationId,
    });
    return autopay ? { row: row.row, accountNumber: row.accountNumber, reason: "autopay" } : null;
  });
  return dropped.filter((entry): entry is DroppedAccount => entry !== null);
}

/** Firestore keeps a document under 1 MiB: the batch's JSON must fit. */
const MAX_BATCH_JSON = 900_000;

/** Verifies the file again, re-checks with billing, stores the batch for the delinquency job. */
export async function queueDelinquencyBatch(text: string, createdBy: string): Promise<string> {
  const summary = await verifyDelinquencyFile(text);
  const sendable = summary.rows.filter((row) => row.problems.length === 0 && row.user);
  const dropped = await recheckWithBilling(sendable);
  const droppedRows = new Set(dropped.map((entry) => entry.row));
  const recipients = sendable
    .filter((row) => !droppedRows.has(row.row))
    .map((row) => ({ row: row.row, userId: (row.user as { userId: string }).userId }));
  const data = JSON.stringify({ summary, dropped });
  if (data.length > MAX_BATCH_JSON) {
    throw badRequest("The file is too large to send as one batch; split it.", { "body.delinquencyData": "TooLong" });
  }
  return createDelinquencyBatch({ createdBy, data, recipients });
}

/** The API shape of a batch. */
export function toDelinquencyBatch(id: string, doc: DelinquencyBatchDoc): DelinquencyBatch {
  const parsed = JSON.parse(doc.data || "{}") as Partial<DelinquencyBatch["data"]>;
  return {
    Id: id,
    createdAt: instant(doc.createdAt) ?? new Date(0).toISOString(),
    processed: doc.status === "done",
    status: doc.status,
    usersReached: doc.usersReached,
    sentAt: instant(doc.sentAt),
    delivered: doc.delivered,
    failed: doc.failed,
    data: {
      summary: parsed.summary ?? { counts: { rows: 0, valid: 0, invalid: 0, withPortalUser: 0 }, rows: [], errors: [] },
      dropped: parsed.dropped ?? [],
    },
  };
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
 * Sends one batch: an in-app message per (row, user), created once, and a push to each of the
 * user's devices, claimed before it goes out (as bulk sends): a restart repeats nothing.
 */
export async function runDelinquencyBatch(id: string): Promise<void> {
  const doc = await readDelinquencyBatch(id);
  if (!doc || doc.status === "done") return;
  await updateDelinquencyBatch(id, { status: "sending" });
  const batch = toDelinquencyBatch(id, doc);
  const rowsByNumber = new Map(batch.data.summary.rows.map((row) => [row.row, row]));
  const users = await usersByIds([...new Set(doc.recipients.map((recipient) => recipient.userId))]);
  const tokens = await pushTokensOfUsers([...users.keys()]);
  const sendId = `delinquency-${id}`;
  for (const recipient of doc.recipients) {
    const row = rowsByNumber.get(recipient.row);
    if (!row) continue;
    await createMessageOnce(`${sendId}-${recipient.row}-${recipient.userId}`, {
      userId: recipient.userId,
      ...messageOf(row, users.get(recipient.userId)?.language ?? null),
    });
  }
  const outcomes = await mapWithConcurrency(
    doc.recipients.flatMap((recipient) =>
      tokens.filter((token) => token.userId === recipient.userId).map((token) => ({ recipient, token })),
    ),
    8,
    async ({ recipient, token }) => {
      const claimId = `${recipient.row}-${token.id}`;
      if (!(await claimDelivery(sendId, claimId, token.userId))) return null;
      const row = rowsByNumber.get(recipient.row) as DelinquencyRow;
      const texts = messageOf(row, users.get(token.userId)?.language ?? null);
      let delivered = false;
      let reason: string | null = "unavailable";
      try {
        const answer = await pushConnector().send([
          { token: token.token, notification: texts, data: { kind: "delinquency", batchId: id } },
        ]);
        const response = answer.responses[0];
        delivered = response?.success === true;
        reason = response && !response.success ? response.error.code : delivered ? null : "unavailable";
      } catch {
        // An outage: this message failed; shown in the batch's counts.
      }
      return {
        tokenId: claimId,
        delivered,
        reason,
        dropToken: reason === "unregistered" || reason === "invalid-token",
        pushTokenId: token.id,
      };
    },
  );
  const done = outcomes.filter((outcome) => outcome !== null);
  await recordDeliveryOutcomes(sendId, done);
  await updateDelinquencyBatch(id, {
    status: "done",
    usersReached: new Set(doc.recipients.map((recipient) => recipient.userId)).size,
    delivered: done.filter((outcome) => outcome.delivered).length,
    failed: done.filter((outcome) => !outcome.delivered).length,
    sentAt: Timestamp.now(),
  });
}

/** The job: every batch not sent yet. */
export async function runDelinquencySends(): Promise<{ batches: number }> {
  const ids = await unfinishedDelinquencyBatches();
  for (const id of ids) await runDelinquencyBatch(id);
  return { batches: ids.length };
}
