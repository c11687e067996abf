import type { RouteTable } from "../../platform/http/route";
import { boxRoutes } from "./box.routes";
import { feedsRoutes } from "./feeds.routes";
import { permitRoutes } from "./permits.routes";
import { siteSearchRoutes } from "./site-search.routes";

/** Public information: feeds, permits, site search, file boxes. */
export const publicRoutes: RouteTable = {
  functionName: "public",
  rewrites: ["/api/feeds/**", "/api/permits/**", "/api/search", "/api/box/**"],
  routes: [...feedsRoutes, ...permitRoutes, ...boxRoutes, ...siteSearchRoutes],
};
