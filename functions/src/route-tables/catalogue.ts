import { activitiesAdminRoutes } from "../domains/catalogue/activities-admin.routes";
import { activitiesReadRoutes } from "../domains/catalogue/activities-read.routes";
import { popularIconRoutes } from "../domains/catalogue/popular-icon.routes";
import { featureFlagsAdminRoutes } from "../domains/feature-flags/feature-flags-admin.routes";
import { featureFlagsReadRoutes } from "../domains/feature-flags/feature-flags-read.routes";
import { laserficheRoutes } from "../domains/forms/laserfiche.routes";
import { languagesAdminRoutes } from "../domains/languages/languages-admin.routes";
import { languagesReadRoutes } from "../domains/languages/languages-read.routes";
import type { RouteTable } from "../platform/http/route";

/** The services catalogue, feature flags, languages and texts, embedded forms; the design card's `catalogue` function. */
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
    ...featureFlagsReadRoutes,
    ...languagesReadRoutes,
  ],
};
