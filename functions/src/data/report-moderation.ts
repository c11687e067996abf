import { Timestamp } from "firebase-admin/firestore";
import { z } from "zod";
import type { ReportModerationState } from "../contract/report-moderation";
import { runTransaction, typedCollection } from "./collection";
import { instant, ZFlag, ZText, ZTimestamp } from "./fields";

/**
 * reportModeration/{CRM case id}: what staff changed of a report's public view (issue 31). Only
 * moderated reports have a document, so the collection stays small (a public list reads it whole).
 */
export const ZReportModerationDoc = z.object({
  caseId: z.string().catch(""),
  caseNumber: z.string().catch(""),
  nameHidden: ZFlag,
  private: ZFlag,
  /** The words of the reporter's name the public never sees (taken from the CRM when the name was hidden). */
  hiddenNames: z.array(z.string()).catch([]),
  redactedPhotos: z.array(z.number().int()).catch([]),
  updatedBy: ZText,
  updatedAt: ZTimestamp,
});
export type ReportModerationDoc = z.output<typeof ZReportModerationDoc>;

const reportModerationCollection = typedCollection("reportModeration", ZReportModerationDoc);

/** A case's moderation as stored, or null when staff never moderated it. */
export async function readReportModeration(caseId: string): Promise<ReportModerationDoc | null> {
  return (await reportModerationCollection().doc(caseId).get()).data() ?? null;
}

/** Above this many cases a list reads the whole collection (moderated reports are few) rather than each. */
const MANY_CASES = 30;

/** The moderation of each of these cases that has any, by case id. */
export async function reportModerationOf(caseIds: string[]): Promise<Map<string, ReportModerationDoc>> {
  const found = new Map<string, ReportModerationDoc>();
  const ids = [...new Set(caseIds)];
  if (ids.length === 0) return found;
  const collection = reportModerationCollection();
  if (ids.length > MANY_CASES) {
    const wanted = new Set(ids);
    for (const doc of (await collection.get()).docs) if (wanted.has(doc.id)) found.set(doc.id, doc.data());
    return found;
  }
  const refs = ids.map((id) => collection.doc(id));
  for (const snapshot of await collection.firestore.getAll(...refs)) {
    const data = snapshot.data() as ReportModerationDoc | undefined;
    if (data) found.set(snapshot.id, data);
  }
  return found;
}

/** The state staff see (nothing moderated when there is no document). */
export function moderationState(doc: ReportModerationDoc | null): ReportModerationState {
  return {
    nameHidden: doc?.nameHidden ?? false,
    private: doc?.private ?? false,
    redactedPhotos: [...(doc?.redactedPhotos ?? [])].sort((a, b) => a - b),
    updatedBy: doc?.updatedBy ?? null,
    updatedAt: instant(doc?.updatedAt),
  };
}

/**
 * Changes a case's moderation in a transaction (two staff at once never lose each other's change):
 * `change` gets the stored document (null for none) and answers the new one. Answers before and after.
 */
export async function changeReportModeration(
  caseId: string,
  caseNumber: string,
  by: string,
  change: (
    current: ReportModerationDoc | null,
  ) => Pick<ReportModerationDoc, "nameHidden" | "private" | "hiddenNames" | "redactedPhotos">,
): Promise<{ before: ReportModerationDoc | null; after: ReportModerationDoc }> {
  const ref = reportModerationCollection().doc(caseId);
  return runTransaction(async (transaction) => {
    const before = (await transaction.get(ref)).data() ?? null;
    const after: ReportModerationDoc = {
      caseId,
      caseNumber,
      ...change(before),
      updatedBy: by,
      updatedAt: Timestamp.now(),
    };
    transaction.set(ref, after);
    return { before, after };
  });
}
