import { FieldValue } from "firebase-admin/firestore";
import { z } from "zod";
import { newBatch, typedCollection } from "./collection";
import { featureFlagChangesCollection } from "./feature-flag-changes";
import { ZFlag } from "./fields";
import { liveQuery } from "./live-query";

/** featureFlags/{name}: whether a flag of contract/feature-flags.ts is on (missing: off). */
export const ZFeatureFlagDoc = z.object({ name: z.string().catch(""), enabled: ZFlag });
export type FeatureFlagDoc = z.output<typeof ZFeatureFlagDoc>;

export const featureFlagsCollection = typedCollection("featureFlags", ZFeatureFlagDoc);

/** Every flag, read on every page: kept in memory by a listener (live-query.ts). */
const liveFlags = liveQuery(
  () => featureFlagsCollection(),
  (docs) => new Map(docs.map((doc) => [doc.id, doc.data().enabled])),
);

/** The stored state of every flag that has a document, by name (not to be changed by the caller). */
export async function storedFeatureFlags(): Promise<ReadonlyMap<string, boolean>> {
  return liveFlags.read();
}

export async function isFeatureFlagOn(name: string): Promise<boolean> {
  return (await featureFlagsCollection().doc(name).get()).data()?.enabled === true;
}

/** Sets a flag and records the change (featureFlagChanges) in one batch. */
export async function setFeatureFlag(
  name: string,
  enabled: boolean,
  changedBy: { uid: string; email: string | null },
): Promise<void> {
  const batch = newBatch();
  batch.set(featureFlagsCollection().doc(name), { name, enabled });
  batch.create(featureFlagChangesCollection().doc(), {
    name,
    enabled,
    changedBy,
    changedAt: FieldValue.serverTimestamp(),
  });
  await batch.commit();
  liveFlags.changed();
}
