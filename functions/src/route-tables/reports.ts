import { mapsRoutes } from "../domains/maps/maps.routes";
import { open311KeyRoutes } from "../domains/open311/api-keys.routes";
import { open311Routes } from "../domains/open311/open311.routes";
import { open311FormatForPath } from "../domains/open311/open311-format";
import { reportRoutes } from "../domains/reports/reports.routes";
import type { RouteTable } from "../platform/http/route";

/**
 * Problem reports and the map and geocoder behind every address step (reports, zoning inquiry), and
 * Open311 GeoReport v2 (issue 30): other apps file and follow reports through the same pipeline,
 * with the API keys admins give them.
 */
export const reportsRoutes: RouteTable = {
  functionName: "reports",
  rewrites: [
    "/api/reports",
    "/api/reports/**",
    "/api/maps/**",
    "/api/open311-keys",
    "/api/open311-keys/**",
    "/open311/v2/**",
  ],
  routes: [...mapsRoutes, ...reportRoutes, ...open311Routes, ...open311KeyRoutes],
  // An unknown Open311 path answers the standard's errors list, in the format its extension asks.
  formatForPath: open311FormatForPath,
};
