import { z } from "zod";
import { FEATURE_FLAGS, type FeatureFlag } from "../../contract/feature-flags";
import { storedFeatureFlags } from "../../data/feature-flags";
import { type AnyRoute, route } from "../../platform/http/route";

/** The feature flags every page reads. */
export const featureFlagsReadRoutes: AnyRoute[] = [
  // GET /api/featureflags?id=
  route({
    method: "GET",
    path: "/api/featureflags",
    access: "public",
    summary: "Feature flags (spec 1 §3); id is the caller's user id when signed in",
    query: z.object({ id: z.string().max(128).optional() }),
    handler: async (): Promise<FeatureFlag[]> => {
      const stored = await storedFeatureFlags();
      return FEATURE_FLAGS.map((name) => ({ name, enabled: stored.get(name) ?? false }));
    },
  }),
];
