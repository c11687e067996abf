import { Timestamp } from "firebase-admin/firestore";
import { z } from "zod";
import { FIXED_ANSWERS, type FixedAnswer } from "../contract/case-updates";
import { isAlreadyExists, runTransaction, typedCollection } from "./collection";
import { ZText, ZTimestamp } from "./fields";

/**
 * caseFollowUps/{caseId}_{uid}: "Is it fixed?" for one person about one closed case (issues 29 and
 * 33, after FixMyStreet's questionnaire). `askAt` is set while the question waits (four weeks after
 * the case closed) and removed once it is sent, so the job's query is one range on one field.
 */
export const ZCaseFollowUpDoc = z.object({
  caseId: z.string(),
  caseNumber: ZText,
  uid: z.string(),
  closedAt: ZTimestamp,
  /** When the question is due; null once it was sent. */
  askAt: ZTimestamp,
  askedAt: ZTimestamp,
  answer: z.enum(FIXED_ANSWERS).nullable().catch(null),
  answeredAt: ZTimestamp,
  note: ZText,
});
export type CaseFollowUpDoc = z.output<typeof ZCaseFollowUpDoc>;

const caseFollowUpsCollection = typedCollection("caseFollowUps", ZCaseFollowUpDoc);
const followUpId = (caseId: string, uid: string) => `${caseId}_${uid}`;

/**
 * Plans the question (a case closed again after a "no" gets a new one). Once per closing: a question
 * already waiting or asked and unanswered is kept.
 */
export async function planCaseFollowUp(doc: {
  caseId: string;
  caseNumber: string;
  uid: string;
  closedAt: Date;
  askAt: Date;
}): Promise<void> {
  const ref = caseFollowUpsCollection().doc(followUpId(doc.caseId, doc.uid));
  const planned: CaseFollowUpDoc = {
    caseId: doc.caseId,
    caseNumber: doc.caseNumber,
    uid: doc.uid,
    closedAt: Timestamp.fromDate(doc.closedAt),
    askAt: Timestamp.fromDate(doc.askAt),
    askedAt: null,
    answer: null,
    answeredAt: null,
    note: null,
  };
  try {
    await ref.create(planned);
  } catch (error) {
    if (!isAlreadyExists(error)) throw error;
    await runTransaction(async (transaction) => {
      const stored = (await transaction.get(ref)).data();
      // An answered question belongs to an earlier closing: this closing gets its own.
      if (stored && stored.answer !== null) transaction.set(ref, planned);
    });
  }
}

/** Questions due by `now`, oldest first. */
export async function dueCaseFollowUps(now: Date, limit: number): Promise<CaseFollowUpDoc[]> {
  const snapshot = await caseFollowUpsCollection()
    .where("askAt", "<=", Timestamp.fromDate(now))
    .orderBy("askAt")
    .limit(limit)
    .get();
  return snapshot.docs.map((doc) => doc.data());
}

export async function markCaseFollowUpAsked(caseId: string, uid: string, at: Date): Promise<void> {
  await caseFollowUpsCollection()
    .doc(followUpId(caseId, uid))
    .update({ askAt: null, askedAt: Timestamp.fromDate(at) });
}

/** A person's questions that were asked and are not answered yet (a text reply answers the one open question). */
export async function openCaseFollowUpsOf(uid: string, limit: number): Promise<CaseFollowUpDoc[]> {
  const snapshot = await caseFollowUpsCollection().where("uid", "==", uid).where("answer", "==", null).limit(50).get();
  return snapshot.docs
    .map((doc) => doc.data())
    .filter((followUp) => followUp.askedAt !== null)
    .slice(0, limit);
}

export async function readCaseFollowUp(caseId: string, uid: string): Promise<CaseFollowUpDoc | undefined> {
  return (await caseFollowUpsCollection().doc(followUpId(caseId, uid)).get()).data();
}

/**
 * Takes the person's answer once: "answered" when it was asked and not yet answered (the answer is
 * stored), "notAsked" or "alreadyAnswered" otherwise. `undo` puts it back when the CRM refused.
 */
export async function claimCaseFollowUpAnswer(
  caseId: string,
  uid: string,
  answer: FixedAnswer,
  note: string | null,
): Promise<"answered" | "notAsked" | "alreadyAnswered"> {
  const ref = caseFollowUpsCollection().doc(followUpId(caseId, uid));
  return runTransaction(async (transaction) => {
    const stored = (await transaction.get(ref)).data();
    if (!stored?.askedAt) return "notAsked";
    if (stored.answer !== null) return "alreadyAnswered";
    transaction.update(ref, { answer, note, answeredAt: Timestamp.now() });
    return "answered";
  });
}

export async function undoCaseFollowUpAnswer(caseId: string, uid: string): Promise<void> {
  await caseFollowUpsCollection().doc(followUpId(caseId, uid)).update({ answer: null, note: null, answeredAt: null });
}
