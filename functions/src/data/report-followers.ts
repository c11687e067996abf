import { z } from "zod";
import { isAlreadyExists, typedCollection } from "./collection";
import { ZText, ZTimestamp } from "./fields";

/** reportFollowers/{caseId}_{uid}: a resident who said "me too" to an open CRM case. */
export const ZReportFollowerDoc = z.object({ caseId: ZText, UserId: ZText, createdAt: ZTimestamp });
export type ReportFollowerDoc = z.output<typeof ZReportFollowerDoc>;

export const reportFollowersCollection = typedCollection("reportFollowers", ZReportFollowerDoc);

/** Adds the resident as a follower; false when they already follow it (the id is unique). */
export async function addReportFollower(caseId: string, uid: string, doc: ReportFollowerDoc): Promise<boolean> {
  try {
    await reportFollowersCollection().doc(`${caseId}_${uid}`).create(doc);
    return true;
  } catch (error) {
    if (isAlreadyExists(error)) return false;
    throw error;
  }
}

/** Whether this resident follows the case. */
export async function isReportFollower(caseId: string, uid: string): Promise<boolean> {
  return (await reportFollowersCollection().doc(`${caseId}_${uid}`).get()).exists;
}

/** The resident no longer follows the case; nothing happens when she did not. */
export async function removeReportFollower(caseId: string, uid: string): Promise<void> {
  await reportFollowersCollection().doc(`${caseId}_${uid}`).delete();
}

/** How many residents said "me too" to each of these cases. */
export async function reportFollowerCounts(caseIds: string[]): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  await Promise.all(
    caseIds.map(async (caseId) => {
      const snapshot = await reportFollowersCollection().where("caseId", "==", caseId).count().get();
      counts.set(caseId, snapshot.data().count);
    }),
  );
  return counts;
}

/** Who follows each of these cases ("me too"), by case id. */
export async function followersOf(caseIds: string[]): Promise<Map<string, string[]>> {
  const result = new Map<string, string[]>();
  await Promise.all(
    [...new Set(caseIds)].map(async (caseId) => {
      const snapshot = await reportFollowersCollection().where("caseId", "==", caseId).get();
      result.set(
        caseId,
        snapshot.docs.map((doc) => doc.data().UserId).filter((uid): uid is string => Boolean(uid)),
      );
    }),
  );
  return result;
}
