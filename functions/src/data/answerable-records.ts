import { FieldValue, type Timestamp } from "firebase-admin/firestore";
import { z } from "zod";
import { typedCollection } from "./collection";
import { ZText, ZTimestamp } from "./fields";

/**
 * answerableRecords/{uid}_{object}_{recordId}: a CRM record that asked this user for more
 * information when they last opened it (ownership and action-required checked against the CRM
 * then). With the CRM down, an answer to it is still taken into the outbox (DESIGN.md "nothing
 * lost") on any function instance, for a while after the record was opened.
 */
export const ZAnswerableRecordDoc = z.object({
  uid: ZText,
  objectName: ZText,
  recordId: ZText,
  openedAt: ZTimestamp,
});

export const answerableRecordsCollection = typedCollection("answerableRecords", ZAnswerableRecordDoc);
const recordRef = (uid: string, objectName: string, recordId: string) =>
  answerableRecordsCollection().doc(`${uid}_${objectName}_${recordId}`);

/** How long an opened record stands in for the CRM's word: an answer is written within it. */
export const ANSWERABLE_FOR_MS = 30 * 60_000;

export async function rememberAnswerableRecord(uid: string, objectName: string, recordId: string): Promise<void> {
  await recordRef(uid, objectName, recordId).set({
    uid,
    objectName,
    recordId,
    openedAt: FieldValue.serverTimestamp() as unknown as Timestamp,
  });
}

/** Whether the user opened this record, asking for more information, within ANSWERABLE_FOR_MS. */
export async function wasAnswerableLately(
  uid: string,
  objectName: string,
  recordId: string,
  now = Date.now(),
): Promise<boolean> {
  const openedAt = (await recordRef(uid, objectName, recordId).get()).data()?.openedAt;
  return openedAt !== null && openedAt !== undefined && now - openedAt.toMillis() <= ANSWERABLE_FOR_MS;
}
