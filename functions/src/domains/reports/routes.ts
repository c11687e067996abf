import type { RouteTable } from "../../platform/http/route";
import { mapsRoutes } from "./maps.routes";
import { reportRoutes } from "./reports.routes";

/** Problem reports and the map and geocoder behind every address step (reports, zoning inquiry). */
export const reportsRoutes: RouteTable = {
  functionName: "reports",
  rewrites: ["/api/reports", "/api/reports/**", "/api/maps/**"],
  routes: [...mapsRoutes, ...reportRoutes],
};
