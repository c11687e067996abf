import { z } from "zod";
import { FEATURE_FLAGS, type FeatureFlag } from "../../contract/feature-flags";
import { I18N_NAMESPACES, SUPPORTED_LANGUAGES, ZLanguageCode } from "../../contract/languages";
import { storedFeatureFlags } from "../../data/feature-flags";
import { sendJsonText } from "../../platform/http/compress";
import { type RouteTable, route } from "../../platform/http/route";
import { activitiesAdminRoutes } from "./activities-admin.routes";
import { activitiesReadRoutes } from "./activities-read.routes";
import { featureFlagsAdminRoutes } from "./feature-flags-admin.routes";
import { languagesAdminRoutes } from "./languages-admin.routes";
import { laserficheRoutes } from "./laserfiche.routes";
import { popularIconRoutes } from "./popular-icon.routes";
import { processedTranslations } from "./translations";

export const catalogueRoutes: RouteTable = {
  functionName: "catalogue",
  rewrites: [
    "/api/featureflags",
    "/api/featureflags/**",
    "/api/i18n",
    "/api/i18n/**",
    "/api/activities",
    "/api/activities/**",
    "/api/laserfiche/**",
  ],
  routes: [
    ...activitiesReadRoutes,
    ...activitiesAdminRoutes,
    ...popularIconRoutes,
    ...featureFlagsAdminRoutes,
    ...languagesAdminRoutes,
    ...laserficheRoutes,
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
    // GET /api/i18n/languages
    route({
      method: "GET",
      path: "/api/i18n/languages",
      access: "public",
      summary: "Languages the portal offers",
      handler: () => SUPPORTED_LANGUAGES,
    }),
    // GET /api/i18n/processed/:lng/:ns
    route({
      method: "GET",
      path: "/api/i18n/processed/:lng/:ns",
      access: "public",
      summary: "i18next resources built from the translations collection",
      params: z.object({ lng: ZLanguageCode, ns: z.enum(I18N_NAMESPACES) }),
      handler: async ({ params, req, res }) => {
        // no-cache: an admin's saved texts show on every next page load, without a redeploy.
        // Built once per change of the texts (a listener keeps them); Express answers a repeated
        // ETag with 304.
        const { json, gzipped } = await processedTranslations(params.lng);
        res.setHeader("cache-control", "no-cache");
        sendJsonText(req, res, json, gzipped);
      },
    }),
  ],
};
