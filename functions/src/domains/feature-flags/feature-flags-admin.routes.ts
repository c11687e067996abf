// PUT /api/featureflags/:name
// GET /api/featureflags/changes
import { z } from "zod";
import { type FeatureFlagChange, ZFeatureFlagName, ZFeatureFlagToggle } from "../../contract/catalogue-admin";
import { FEATURE_FLAGS, type FeatureFlag } from "../../contract/feature-flags";
import { type FeatureFlagChangeDoc, latestFeatureFlagChange } from "../../data/feature-flag-changes";
import { setFeatureFlag, storedFeatureFlags } from "../../data/feature-flags";
import { route } from "../../platform/http/route";

function toChange(data: FeatureFlagChangeDoc): FeatureFlagChange {
  return {
    name: data.name as FeatureFlagChange["name"],
    enabled: data.enabled,
    changedBy: { uid: data.changedBy.uid, email: data.changedBy.email },
    changedAt: (data.changedAt?.toDate() ?? new Date(0)).toISOString(),
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
    audit: {
      action: "flag.update",
      subject: ({ params }) => (params as { name: string }).name,
      before: async ({ params }) => {
        const name = (params as { name: string }).name;
        const stored = (await storedFeatureFlags()).get(name);
        return stored === undefined ? null : { name, enabled: stored };
      },
      after: (_input, result) => result,
    },
    handler: async ({ params, body, user }): Promise<FeatureFlag> => {
      await setFeatureFlag(params.name, body.enabled, { uid: user?.uid ?? "", email: user?.email ?? null });
      return { name: params.name, enabled: body.enabled };
    },
  }),
  route({
    method: "GET",
    path: "/api/featureflags/changes",
    access: "admin",
    summary: "The last recorded change of each feature flag",
    handler: async (): Promise<FeatureFlagChange[]> => {
      const latest = await Promise.all(FEATURE_FLAGS.map((name) => latestFeatureFlagChange(name)));
      return latest.flatMap((change) => (change ? [toChange(change)] : []));
    },
  }),
];
