import { z } from "zod";
import { typedCollection } from "./collection";
import { ZFlag, ZTimestamp } from "./fields";

/** featureFlagChanges/{id}: who turned a flag on or off, and when. */
export const ZFeatureFlagChangeDoc = z.object({
  name: z.string().catch(""),
  enabled: ZFlag,
  changedBy: z
    .object({ uid: z.string().catch(""), email: z.string().nullable().catch(null) })
    .catch({ uid: "", email: null }),
  changedAt: ZTimestamp,
});
export type FeatureFlagChangeDoc = z.output<typeof ZFeatureFlagChangeDoc>;

export const featureFlagChangesCollection = typedCollection("featureFlagChanges", ZFeatureFlagChangeDoc);

/** The last recorded change of a flag, or undefined. */
export async function latestFeatureFlagChange(name: string): Promise<FeatureFlagChangeDoc | undefined> {
  const snapshot = await featureFlagChangesCollection()
    .where("name", "==", name)
    .orderBy("changedAt", "desc")
    .limit(1)
    .get();
  return snapshot.docs[0]?.data();
}
