import { Timestamp } from "firebase-admin/firestore";
import { z } from "zod";
import type { AuditRecordRow } from "../contract/audit";
import { typedCollection } from "./collection";
import { instant, ZText, ZTimestamp } from "./fields";

/**
 * auditRecords/{id}: one staff or admin action (issue 31). Append-only: this module creates
 * records (`create()`, which fails rather than overwrite) and reads them; nothing in the portal
 * updates or deletes one, and firestore.rules refuses every client write.
 */
export const ZAuditRecordDoc = z.object({
  at: ZTimestamp,
  actorUid: z.string().catch(""),
  actorEmail: ZText,
  actorRole: z.enum(["admin", "staff"]).catch("staff"),
  action: z.string().catch(""),
  route: z.string().catch(""),
  personUid: ZText,
  subject: ZText,
  before: ZText,
  after: ZText,
  requestId: z.string().catch(""),
});
export type AuditRecordDoc = z.output<typeof ZAuditRecordDoc>;

const auditRecordsCollection = typedCollection("auditRecords", ZAuditRecordDoc);

/** Text of a before or after state beyond this many characters is cut (with a marker). */
const STATE_MAX_CHARS = 20_000;

/** A state as stored: JSON text, cut at STATE_MAX_CHARS; null for nothing. */
export function auditState(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  let json: string;
  try {
    json = JSON.stringify(value, (_key, inner: unknown) => (inner instanceof Timestamp ? inner.toDate() : inner));
  } catch {
    json = JSON.stringify(String(value));
  }
  if (json === undefined) return null;
  return json.length > STATE_MAX_CHARS ? `${json.slice(0, STATE_MAX_CHARS)}…[cut]` : json;
}

/** A record as the dispatcher hands it over: the row's fields, with before and after still as values. */
export type NewAuditRecord = Omit<AuditRecordRow, "id" | "at" | "before" | "after"> & {
  before: unknown;
  after: unknown;
};

/** Appends one record (a new document id each time; never an update). Answers its id. */
export async function appendAuditRecord(record: NewAuditRecord): Promise<string> {
  const ref = auditRecordsCollection().doc();
  await ref.create({
    ...record,
    before: auditState(record.before),
    after: auditState(record.after),
    at: Timestamp.now(),
  });
  return ref.id;
}

export interface AuditFilter {
  personUid?: string;
  actorUid?: string;
  action?: string;
  /** Inclusive start and exclusive end instants. */
  from?: Date;
  until?: Date;
}

/**
 * Records matching the filter, newest first, at most `limit` (plus whether more matched). One
 * equality filter is asked of Firestore (person, else actor, else action: each has its composite
 * index with `at`); the others are applied to what it answers.
 */
export async function findAuditRecords(
  filter: AuditFilter,
  limit: number,
): Promise<{ rows: AuditRecordRow[]; truncated: boolean }> {
  const scan = limit * 4;
  const base = auditRecordsCollection();
  let query = filter.personUid
    ? base.where("personUid", "==", filter.personUid).orderBy("at", "desc")
    : filter.actorUid
      ? base.where("actorUid", "==", filter.actorUid).orderBy("at", "desc")
      : filter.action
        ? base.where("action", "==", filter.action).orderBy("at", "desc")
        : base.orderBy("at", "desc");
  if (filter.from) query = query.where("at", ">=", Timestamp.fromDate(filter.from));
  if (filter.until) query = query.where("at", "<", Timestamp.fromDate(filter.until));
  const snapshot = await query.limit(scan + 1).get();
  const matching = snapshot.docs
    .slice(0, scan)
    .map((doc) => toRow(doc.id, doc.data()))
    .filter((record) => {
      if (filter.actorUid && record.actorUid !== filter.actorUid) return false;
      if (filter.action && record.action !== filter.action) return false;
      return true;
    });
  return {
    rows: matching.slice(0, limit),
    truncated: matching.length > limit || snapshot.docs.length > scan,
  };
}

/** One record by id (tests and the record view), or undefined. */
export async function readAuditRecord(id: string): Promise<AuditRecordRow | undefined> {
  const snapshot = await auditRecordsCollection().doc(id).get();
  const data = snapshot.data();
  return data ? toRow(snapshot.id, data) : undefined;
}

function toRow(id: string, data: AuditRecordDoc): AuditRecordRow {
  return {
    id,
    at: instant(data.at) ?? "",
    actorUid: data.actorUid,
    actorEmail: data.actorEmail,
    actorRole: data.actorRole,
    action: data.action,
    route: data.route,
    personUid: data.personUid,
    subject: data.subject,
    before: data.before,
    after: data.after,
    requestId: data.requestId,
  };
}
