// PUT /api/featureflags/:name
// GET /api/featureflags/changes
import { type DocumentData, FieldValue, type Timestamp } from "firebase-admin/firestore";
import { z } from "zod";
import { type FeatureFlagChange, ZFeatureFlagName, ZFeatureFlagToggle } from "../../contract/catalogue-admin";
import { FEATURE_FLAGS, type FeatureFlag } from "../../contract/feature-flags";
import { db } from "../../platform/firebase";
import { route } from "../../platform/http/route";

function toChange(data: DocumentData): FeatureFlagChange {
  const changedAt = data.changedAt as Timestamp | null | undefined;
  return {
    name: data.name,
    enabled: data.enabled === true,
    changedBy: { uid: data.changedBy?.uid ?? "", email: data.changedBy?.email ?? null },
    changedAt: changedAt ? changedAt.toDate().toISOString() : new Date(0).toISOString(),
  };
}

/** Feature-flag administration: every toggle is recorded in featureFlagChanges (who and when). */
export const featureFlagsAdminRoutes = [
  route({
    method: "PUT",
    path: "/api/featureflags/:name",
    access: "admin",
    summary: "Turns a feature flag on or off and records who did it",
    params: z.object({ name: ZFeatureFlagName }),
    body: ZFeatureFlagToggle,
    // The seeded value, so the matrix leaves the flag as every other test expects it.
    example: { params: { name: "EnableCORE" }, body: { enabled: false } },
    handler: async ({ params, body, user }): Promise<FeatureFlag> => {
      const batch = db().batch();
      batch.set(db().collection("featureFlags").doc(params.name), { name: params.name, enabled: body.enabled });
      batch.create(db().collection("featureFlagChanges").doc(), {
        name: params.name,
        enabled: body.enabled,
        changedBy: { uid: user?.uid ?? "", email: user?.email ?? null },
        changedAt: FieldValue.serverTimestamp(),
      });
      await batch.commit();
      return { name: params.name, enabled: body.enabled };
    },
  }),
  route({
    method: "GET",
    path: "/api/featureflags/changes",
    access: "admin",
    summary: "The last recorded change of each feature flag",
    handler: async (): Promise<FeatureFlagChange[]> => {
      const latest = await Promise.all(
        FEATURE_FLAGS.map((name) =>
          db().collection("featureFlagChanges").where("name", "==", name).orderBy("changedAt", "desc").limit(1).get(),
        ),
      );
      return latest.flatMap((snapshot) => snapshot.docs.map((doc) => toChange(doc.data())));
    },
  }),
];
