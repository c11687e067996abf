import { FieldPath, Timestamp } from "firebase-admin/firestore";
import { z } from "zod";
import type { ReportModerationState } from "../contract/report-moderation";
import { runTransaction, typedCollection } from "./collection";
import { instant, ZFlag, ZText, ZTimestamp } from "./fields";

/**
 * reportModeration/{CRM case id}: what staff changed of a report's public view (issue 31). Only
 * moderated reports have a document; a public list reads those of its own cases (reportModerationOf).
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

/** Firestore's most values in one `in` filter. */
const IN_LIMIT = 30;

/**
 * The moderation of each of these cases that has any, by case id: an `in` query on the document
 * id per 30 cases, all at once. Firestore bills what each query returns (at least one read per
 * query), so a list of n cases costs the moderated ones among them, at least ⌈n/30⌉, however many
 * reports staff ever moderated (reading the whole collection cost all of them; getAll costs n).
 */
export async function reportModerationOf(caseIds: string[]): Promise<Map<string, ReportModerationDoc>> {
  const ids = [...new Set(caseIds)].filter(Boolean);
  const chunks = Array.from({ length: Math.ceil(ids.length / IN_LIMIT) }, (_, index) =>
    ids.slice(index * IN_LIMIT, (index + 1) * IN_LIMIT),
  );
  const collection = reportModerationCollection();
  const answers = await Promise.all(chunks.map((chunk) => collection.where(FieldPath.documentId(), "in", chunk).get()));
  return new Map(answers.flatMap((answer) => answer.docs.map((doc) => [doc.id, doc.data()] as const)));
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
