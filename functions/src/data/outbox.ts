import { FieldValue, Timestamp, type UpdateData, type WithFieldValue, type WriteBatch } from "firebase-admin/firestore";
import { z } from "zod";
import { runTransaction, typedCollection } from "./collection";
import { ZTimestamp } from "./fields";

/** A text as written (null kept), undefined when missing. */
const ZOptionalText = z.string().nullish().catch(undefined);

/**
 * outbox/{id}: work that must reach a downstream system (DESIGN.md: written first, sent, retried
 * by a job). These are the fields the runner (domains/outbox/outbox-runner.ts) owns; the rest of
 * an entry belongs to its kind, which declares its own typed document (`OutboxKind.schema`).
 * `nextAttemptAt` is when the entry is due: a pending entry's next try, or a claim's expiry.
 */
export const ZOutboxDoc = z.object({
  kind: z.string().catch(""),
  status: z.string().catch(""),
  attempts: z.number().catch(0),
  lastError: ZOptionalText,
  /** The delivery that holds the entry while it is "sending". */
  claim: ZOptionalText,
  nextAttemptAt: ZTimestamp,
  // Queried across kinds: a user's data (user-data.ts), a record's waiting answers.
  uid: z.string().optional().catch(undefined),
  recordId: z.string().optional().catch(undefined),
  createdAt: ZTimestamp,
  submittedAt: ZTimestamp,
  updatedAt: ZTimestamp,
});
export type OutboxDoc = z.output<typeof ZOutboxDoc>;

/** Whole top-level fields to change (a nested map is replaced, not merged). */
export type OutboxChanges = { [K in keyof OutboxDoc]?: OutboxDoc[K] | FieldValue } & Record<string, unknown>;

/**
 * A new entry: its kind and the kind's own fields. The runner's start as an entry due now, pending
 * and never tried, unless the kind says otherwise (a form submission waits "issued" for its form).
 */
export type NewOutboxEntry = Pick<OutboxDoc, "kind"> &
  Partial<Pick<OutboxDoc, "status" | "attempts">> &
  Record<string, unknown>;

/**
 * A claim the request that writes an entry holds on it from the first moment (`heldClaim` in
 * outbox-runner.ts): the entry is written "sending" with this claim, one attempt counted, and due
 * only when the lease ends, so a job run between the write and the request's own delivery skips it
 * (it would otherwise deliver it too, and the request would answer "received").
 */
export interface HeldClaim {
  claim: string;
  leaseMs: number;
}

const newEntry = (entry: NewOutboxEntry, held?: HeldClaim) =>
  ({
    status: "pending",
    attempts: 0,
    ...entry,
    ...(held ? { status: "sending", claim: held.claim, attempts: 1 } : {}),
    nextAttemptAt: held ? Timestamp.fromMillis(Date.now() + held.leaseMs) : Timestamp.now(),
    createdAt: FieldValue.serverTimestamp(),
  }) as WithFieldValue<OutboxDoc>;

export const outboxCollection = typedCollection("outbox", ZOutboxDoc);
const outboxRef = (id: string) => outboxCollection().doc(id);

/**
 * Adds an entry to a batch, so it lands together with the record it belongs to; `held`: written
 * claimed by the request that delivers it next (HeldClaim).
 */
export function createOutboxEntryIn(batch: WriteBatch, id: string, entry: NewOutboxEntry, held?: HeldClaim): void {
  batch.create(outboxRef(id), newEntry(entry, held));
}

/** Creates an entry (`held`: claimed by its writer, HeldClaim); fails when the id is taken (create() keeps ids unique). */
export async function createOutboxEntry(id: string, entry: NewOutboxEntry, held?: HeldClaim): Promise<void> {
  await outboxRef(id).create(newEntry(entry, held));
}

export async function readOutboxEntry(id: string): Promise<OutboxDoc | undefined> {
  return (await outboxRef(id).get()).data();
}

/** Updates an entry, stamping updatedAt. */
export async function updateOutboxEntry(id: string, fields: OutboxChanges): Promise<void> {
  await outboxRef(id).update({ ...fields, updatedAt: FieldValue.serverTimestamp() } as UpdateData<OutboxDoc>);
}

/**
 * Moves an entry from one status to the next with the given fields, unless another call did it
 * first; answers whether this call did.
 */
export async function advanceOutboxEntry(id: string, from: string, fields: OutboxChanges): Promise<boolean> {
  const ref = outboxRef(id);
  return runTransaction(async (tx) => {
    const current = await tx.get(ref);
    if (current.data()?.status !== from) return false;
    tx.update(ref, { ...fields, updatedAt: FieldValue.serverTimestamp() } as UpdateData<OutboxDoc>);
    return true;
  });
}

/** Entries of a kind in a status for one CRM record (additional information still to send). */
export async function outboxEntriesForRecord(
  kind: string,
  status: string,
  recordId: string,
): Promise<StoredOutboxEntry[]> {
  const snapshot = await outboxCollection()
    .where("kind", "==", kind)
    .where("status", "==", status)
    .where("recordId", "==", recordId)
    .get();
  return snapshot.docs.map((doc) => ({ id: doc.id, doc: doc.data() }));
}

/** An entry with its id. */
export interface StoredOutboxEntry {
  id: string;
  doc: OutboxDoc;
}

/**
 * Up to `limit` entries of a kind in a status that are due by `now` (pending ones whose next try
 * has come, claims that expired), the longest waiting first.
 */
export async function dueOutboxEntries(
  kind: string,
  status: string,
  now: Date,
  limit: number,
): Promise<StoredOutboxEntry[]> {
  const snapshot = await outboxCollection()
    .where("kind", "==", kind)
    .where("status", "==", status)
    .where("nextAttemptAt", "<=", Timestamp.fromDate(now))
    .orderBy("nextAttemptAt")
    .limit(limit)
    .get();
  return snapshot.docs.map((doc) => ({ id: doc.id, doc: doc.data() }));
}

/** A claimed entry: as stored after the claim, and whether it took over an expired claim. */
export interface ClaimedOutboxEntry extends StoredOutboxEntry {
  takenOver: boolean;
}

/**
 * Claims an entry of `kind` for one delivery, inside a transaction: a pending entry that is due,
 * or a "sending" one whose claim expired (its delivery's instance died), becomes "sending" with
 * this claim until `leaseMs` from now, and counts an attempt. Null when it is not this kind's, not
 * due, or another delivery holds it.
 */
export async function claimOutboxEntry(
  id: string,
  kind: string,
  claim: string,
  now: Date,
  leaseMs: number,
): Promise<ClaimedOutboxEntry | null> {
  const ref = outboxRef(id);
  return runTransaction(async (tx) => {
    const current = (await tx.get(ref)).data();
    if (!current || current.kind !== kind) return null;
    if (current.status !== "pending" && current.status !== "sending") return null;
    const dueAt = current.nextAttemptAt?.toMillis() ?? 0;
    if (dueAt > now.getTime()) return null;
    const claimed = {
      status: "sending",
      claim,
      attempts: current.attempts + 1,
      nextAttemptAt: Timestamp.fromMillis(now.getTime() + leaseMs),
    };
    tx.update(ref, { ...claimed, updatedAt: FieldValue.serverTimestamp() } as UpdateData<OutboxDoc>);
    return { id, doc: { ...current, ...claimed }, takenOver: current.status === "sending" };
  });
}

/**
 * The entry as stored while `claim` still holds it (a claim its writer holds from the start,
 * HeldClaim), or null when it does not: another delivery took it over after the lease, or it was
 * never this claim's (the same id written twice: the first write's).
 */
export async function heldOutboxEntry(id: string, kind: string, claim: string): Promise<StoredOutboxEntry | null> {
  const current = (await outboxRef(id).get()).data();
  if (!current || current.kind !== kind || current.status !== "sending" || current.claim !== claim) return null;
  return { id, doc: current };
}

/**
 * Ends a claimed delivery with the given fields (status "sent", or back to "pending" with its next
 * try, or "failed"), unless another delivery took the entry over meanwhile; answers whether it did.
 */
export async function releaseOutboxEntry(id: string, claim: string, fields: OutboxChanges): Promise<boolean> {
  const ref = outboxRef(id);
  return runTransaction(async (tx) => {
    const current = (await tx.get(ref)).data();
    if (current?.status !== "sending" || current.claim !== claim) return false;
    tx.update(ref, { ...fields, claim: null, updatedAt: FieldValue.serverTimestamp() } as UpdateData<OutboxDoc>);
    return true;
  });
}

/** Keeps part of a delivery's work on the entry while this claim holds it (dropped otherwise: the new holder redoes it). */
export async function keepOutboxProgress(id: string, claim: string, fields: OutboxChanges): Promise<void> {
  const ref = outboxRef(id);
  await runTransaction(async (tx) => {
    const current = (await tx.get(ref)).data();
    if (current?.status !== "sending" || current.claim !== claim) return;
    tx.update(ref, { ...fields, updatedAt: FieldValue.serverTimestamp() } as UpdateData<OutboxDoc>);
  });
}
