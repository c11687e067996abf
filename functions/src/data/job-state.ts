import { Timestamp } from "firebase-admin/firestore";
import { z } from "zod";
import { typedCollection } from "./collection";
import { ZTimestamp } from "./fields";

/**
 * jobs/{name}: where a long job that works through a collection in pages stands, so a run cut short
 * (time budget, crash) resumes after the last page it finished, and a finished one is not redone.
 */
export const ZJobStateDoc = z.object({
  /** The version of the work (e.g. of the fields it writes): another version starts over. */
  version: z.number().catch(0),
  /** The last document id of the last page done; null before the first page and once finished. */
  after: z.string().nullable().catch(null),
  finishedAt: ZTimestamp,
  updatedAt: ZTimestamp,
  /** Documents read and written since this version started. */
  scanned: z.number().catch(0),
  written: z.number().catch(0),
});
export type JobStateDoc = z.output<typeof ZJobStateDoc>;

const jobsCollection = typedCollection("jobs", ZJobStateDoc);

export async function readJobState(name: string): Promise<JobStateDoc | undefined> {
  return (await jobsCollection().doc(name).get()).data();
}

export async function writeJobState(name: string, state: Omit<JobStateDoc, "updatedAt">): Promise<void> {
  await jobsCollection()
    .doc(name)
    .set({ ...state, updatedAt: Timestamp.now() });
}
