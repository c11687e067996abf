import { mapsRoutes } from "../domains/maps/maps.routes";
import { reportRoutes } from "../domains/reports/reports.routes";
import type { RouteTable } from "../platform/http/route";

/** Problem reports and the map and geocoder behind every address step (reports, zoning inquiry). */
export const reportsRoutes: RouteTable = {
  functionName: "reports",
  rewrites: ["/api/reports", "/api/reports/**", "/api/maps/**"],
  routes: [...mapsRoutes, ...reportRoutes],
};
