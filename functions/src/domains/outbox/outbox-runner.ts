import { randomUUID } from "node:crypto";
import { Timestamp } from "firebase-admin/firestore";
import type { z } from "zod";
import {
  claimOutboxEntry,
  dueOutboxEntries,
  type HeldClaim,
  heldOutboxEntry,
  keepOutboxProgress,
  type OutboxChanges,
  outboxEntriesForRecord,
  releaseOutboxEntry,
  type StoredOutboxEntry,
} from "../../data/outbox";
import { ConnectorError } from "../../platform/connector-error";
import { requestLogger } from "../../platform/logger";

const logger = requestLogger({ job: "outbox" });

/** How a delivery was started: in the resident's request, or later (the job, a page view). */
export interface DeliveryContext {
  /** The outbox entry's id. */
  id: string;
  /** True unless the resident's own request is waiting for this delivery. */
  background: boolean;
  /** When the entry was written (null in the request that wrote it). */
  createdAt: Date | null;
  /** Keeps part of the work (e.g. answers already read) on the entry, so a retry need not redo it. */
  save: (fields: OutboxChanges) => Promise<void>;
}

/**
 * One kind of outbox entry: its own typed document (the fields beside the runner's status,
 * attempts, lastError, claim and nextAttemptAt), how it is delivered, and how to find that an
 * earlier attempt delivered it although its answer was lost. The runner does the rest.
 */
export interface OutboxKind<D> {
  kind: string;
  schema: z.ZodType<D>;
  /** Attempts before the entry is "failed", for staff to see. */
  maxAttempts: number;
  /** Sends the entry; answers the fields stored with "sent". Throws to be retried. */
  deliver: (entry: D, context: DeliveryContext) => Promise<Partial<D>>;
  /**
   * Asked before every attempt after the first: what an earlier attempt sent (its answer lost, or
   * its instance gone), or null when nothing was.
   */
  alreadyDelivered: (entry: D, context: DeliveryContext) => Promise<Partial<D> | null>;
  /** After "sent" is stored (dashboards, the resident's message); a failure here is logged only. */
  afterDelivery?: (entry: D, context: DeliveryContext) => Promise<void>;
  /**
   * Fields of the kind's own stored with a failed attempt, beside the runner's status ("pending":
   * retried later, "failed": given up) and lastError (the message service records its status).
   */
  failureFields?: (status: "pending" | "failed", lastError: string) => OutboxChanges;
}

/** A claim not released within this is taken over (its delivery's instance died). */
export const CLAIM_LEASE_MS = 5 * 60_000;
const FIRST_BACKOFF_MS = 60_000;
const MAX_BACKOFF_MS = 60 * 60_000;
/** Entries per kind and status a job run takes. */
const BATCH = 50;

/**
 * When a failed entry is tried again: the job's next run after the first failure, then 1, 2, 4...
 * minutes, at most an hour, so a long outage is not hammered.
 */
export function backoffMs(attempts: number): number {
  if (attempts <= 1) return 0;
  return Math.min(FIRST_BACKOFF_MS * 2 ** (attempts - 2), MAX_BACKOFF_MS);
}

const errorText = (error: unknown) =>
  error instanceof ConnectorError ? `${error.system} ${error.kind}: ${error.message}` : String(error);

/** What one delivery did: sent (with the entry as stored), left for a retry or failed, or not claimed. */
export type DeliveryOutcome<D> =
  | { status: "sent"; entry: D }
  | { status: "pending" | "failed"; entry: D; lastError: string }
  | { status: "unreadable"; lastError: string }
  | { status: "busy" };

/**
 * A claim for an entry its writer delivers next, within the same request (a report filed inline):
 * write the entry with it (`createOutboxEntryIn(batch, id, entry, held)`), then
 * `deliverOutboxEntry(kind, id, { background: false, held })`. The entry is never due before the
 * request's delivery: a job run in between skips it until the lease ends (the request died).
 */
export const heldClaim = (): HeldClaim => ({ claim: randomUUID(), leaseMs: CLAIM_LEASE_MS });

/**
 * Delivers one entry: claims it (in a transaction, so two deliveries never run at once; or goes on
 * with the claim its writer held from the start, `held`), asks the kind whether an earlier attempt
 * already delivered it, else delivers; stores the outcome unless the claim was taken over meanwhile.
 */
export async function deliverOutboxEntry<D>(
  kind: OutboxKind<D>,
  id: string,
  options: { background: boolean; now?: Date; held?: HeldClaim } = { background: true },
): Promise<DeliveryOutcome<D>> {
  const now = options.now ?? new Date();
  const claim = options.held?.claim ?? randomUUID();
  const claimed = options.held
    ? await heldOutboxEntry(id, kind.kind, claim)
    : await claimOutboxEntry(id, kind.kind, claim, now, CLAIM_LEASE_MS);
  if (!claimed) return { status: "busy" };
  const { doc } = claimed;
  const context: DeliveryContext = {
    id,
    background: options.background,
    createdAt: doc.createdAt?.toDate() ?? null,
    save: (fields) => keepOutboxProgress(id, claim, fields),
  };
  const parsed = kind.schema.safeParse(doc);
  if (!parsed.success) {
    const lastError = `unreadable ${kind.kind} entry: ${parsed.error.message}`;
    await releaseOutboxEntry(id, claim, { status: "failed", lastError });
    return { status: "unreadable", lastError };
  }
  let entry = parsed.data;
  try {
    const earlier = doc.attempts > 1 ? await kind.alreadyDelivered(entry, context) : null;
    const result = earlier ?? (await kind.deliver(entry, context));
    entry = { ...entry, ...result };
    await releaseOutboxEntry(id, claim, { ...(result as OutboxChanges), status: "sent", lastError: null });
  } catch (error) {
    const lastError = errorText(error);
    const status = doc.attempts >= kind.maxAttempts ? "failed" : "pending";
    // In the function that tried it (a report filed in the resident's request logs in the reports
    // function's log): the error's class and what the system said, to tell an outage from our bug.
    logger.warn("outbox: delivery failed", {
      kind: kind.kind,
      id,
      background: options.background,
      attempts: doc.attempts,
      status,
      error: lastError,
      errorClass: error instanceof Error ? error.constructor.name : typeof error,
      detail: error instanceof ConnectorError ? error.detail : undefined,
    });
    const nextAttemptAt = Timestamp.fromMillis(Date.now() + backoffMs(doc.attempts));
    await releaseOutboxEntry(id, claim, {
      ...kind.failureFields?.(status, lastError),
      status,
      lastError,
      nextAttemptAt,
    });
    return { status, entry, lastError };
  }
  if (kind.afterDelivery) {
    try {
      await kind.afterDelivery(entry, context);
    } catch (error) {
      logger.warn("outbox: after delivery", { kind: kind.kind, id, error: errorText(error) });
    }
  }
  return { status: "sent", entry };
}

/** Delivers the given entries of one kind one after another (a page view's waiting answers). */
async function deliverEach<D>(kind: OutboxKind<D>, entries: StoredOutboxEntry[], now: Date) {
  let sent = 0;
  for (const { id } of entries) {
    if ((await deliverOutboxEntry(kind, id, { background: true, now })).status === "sent") sent++;
  }
  return { sent, pending: entries.length - sent };
}

/** The job's work for one kind: every due pending entry and every expired claim (up to `batch` of each). */
export async function deliverDue<D>(
  kind: OutboxKind<D>,
  now = new Date(),
  batch = BATCH,
): Promise<{ sent: number; pending: number }> {
  const due = [
    ...(await dueOutboxEntries(kind.kind, "pending", now, batch)),
    ...(await dueOutboxEntries(kind.kind, "sending", now, batch)),
  ];
  return deliverEach(kind, due, now);
}

/** Delivers what waits for one record (quietly: a page view after an outage). */
export async function deliverWaitingForRecord<D>(kind: OutboxKind<D>, recordId: string): Promise<void> {
  await deliverEach(kind, await outboxEntriesForRecord(kind.kind, "pending", recordId), new Date());
}
