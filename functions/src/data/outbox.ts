import { FieldValue, type UpdateData, type WithFieldValue, type WriteBatch } from "firebase-admin/firestore";
import { z } from "zod";
import { ConnectorError } from "../platform/connector-error";
import { runTransaction, typedCollection } from "./collection";
import { ZTimestamp } from "./fields";

/** A text as written (null kept), undefined when missing. */
const ZOptionalText = z.string().nullish().catch(undefined);

/**
 * outbox/{id}: work that must reach a downstream system (DESIGN.md: written first, sent, retried
 * by a job). Every entry has a kind and a status; the rest belongs to the kind's module
 * (form submissions: domains/forms/form-submissions.service.ts), which keeps its own type of it.
 */
export const ZOutboxDoc = z.object({
  kind: z.string().catch(""),
  status: z.string().catch(""),
  attempts: z.number().catch(0),
  // Form submissions; domains/forms/form-submissions.service.ts types them.
  portalSubmissionId: z.string().optional().catch(undefined),
  bpid: z.string().optional().catch(undefined),
  uid: z.string().optional().catch(undefined),
  contactId: ZOptionalText,
  activityId: ZOptionalText,
  activityName: ZOptionalText,
  objectName: z.string().optional().catch(undefined),
  lastError: ZOptionalText,
  crmId: ZOptionalText,
  form: z
    .object({ processName: z.string(), feeTotalCents: z.number(), fields: z.record(z.string(), z.string()) })
    .nullish()
    .catch(null),
  // Additional information for a CRM record (domains/cases/additional-information.service.ts).
  entryId: z.string().optional().catch(undefined),
  recordId: z.string().optional().catch(undefined),
  text: z.string().optional().catch(undefined),
  documents: z.array(z.string()).optional().catch(undefined),
  // A problem report on its way to a CRM case (domains/reports/reports.service.ts).
  reportId: z.string().optional().catch(undefined),
  report: z.record(z.string(), z.unknown()).nullish().catch(null),
  photos: z.array(z.string()).optional().catch(undefined),
  caseNumber: ZOptionalText,
  // A zoning inquiry's §3 payload (domains/zoning/zoning-inquiry.service.ts).
  zoning: z.record(z.string(), z.string()).nullish().catch(null),
  // An email waiting for the city's mail sender (domains/organizations/organization-invitations.ts).
  mail: z.object({ to: z.string(), subject: z.string(), text: z.string() }).nullish().catch(null),
  createdAt: ZTimestamp,
  submittedAt: ZTimestamp,
  updatedAt: ZTimestamp,
});
export type OutboxDoc = z.output<typeof ZOutboxDoc>;

/** Whole top-level fields to change (a nested map is replaced, not merged). */
export type OutboxChanges = { [K in keyof OutboxDoc]?: OutboxDoc[K] | FieldValue };

export const outboxCollection = typedCollection("outbox", ZOutboxDoc);
const outboxRef = (id: string) => outboxCollection().doc(id);

/** Creates an entry; fails when the id is taken (create() keeps ids unique). */
/** Adds an entry to a batch, so it lands together with the record it belongs to. */
export function createOutboxEntryIn(
  batch: WriteBatch,
  id: string,
  entry: Pick<OutboxDoc, "kind" | "status" | "attempts"> & Partial<OutboxDoc>,
): void {
  batch.create(outboxRef(id), { ...entry, createdAt: FieldValue.serverTimestamp() } as WithFieldValue<OutboxDoc>);
}

export async function createOutboxEntry(
  id: string,
  entry: Pick<OutboxDoc, "kind" | "status" | "attempts"> & Partial<OutboxDoc>,
): Promise<void> {
  await outboxRef(id).create({ ...entry, createdAt: FieldValue.serverTimestamp() } as WithFieldValue<OutboxDoc>);
}

export async function readOutboxEntry(id: string): Promise<OutboxDoc | undefined> {
  return (await outboxRef(id).get()).data();
}

/** Updates an entry, stamping updatedAt. */
export async function updateOutboxEntry(id: string, fields: OutboxChanges): Promise<void> {
  await outboxRef(id).update({ ...fields, updatedAt: FieldValue.serverTimestamp() } as UpdateData<OutboxDoc>);
}

/** The outcome of a failed delivery, as recordFailedDelivery stored it. */
export interface FailedDelivery {
  status: "pending" | "failed";
  attempts: number;
  lastError: string;
}

/**
 * Counts a failed delivery attempt: the entry stays pending for its retry job, or is failed (for
 * staff to see) once it has had `maxAttempts`. lastError names the system and kind of a
 * connector's failure, or is the error's text.
 */
export async function recordFailedDelivery(
  id: string,
  attemptsBefore: number,
  maxAttempts: number,
  error: unknown,
): Promise<FailedDelivery> {
  const attempts = attemptsBefore + 1;
  const lastError = error instanceof ConnectorError ? `${error.system} ${error.kind}: ${error.message}` : String(error);
  const failed: FailedDelivery = { status: attempts >= maxAttempts ? "failed" : "pending", attempts, lastError };
  await updateOutboxEntry(id, { ...failed });
  return failed;
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
export async function outboxEntriesForRecord(kind: string, status: string, recordId: string): Promise<OutboxDoc[]> {
  const snapshot = await outboxCollection()
    .where("kind", "==", kind)
    .where("status", "==", status)
    .where("recordId", "==", recordId)
    .get();
  return snapshot.docs.map((doc) => doc.data());
}

/** Up to `limit` entries of a kind in a status (the retry jobs). */
export async function outboxEntries(kind: string, status: string, limit: number): Promise<OutboxDoc[]> {
  const snapshot = await outboxCollection().where("kind", "==", kind).where("status", "==", status).limit(limit).get();
  return snapshot.docs.map((doc) => doc.data());
}
