import { feedsRoutes } from "../domains/city-news/feeds.routes";
import { boxRoutes } from "../domains/file-boxes/box.routes";
import { permitRoutes } from "../domains/permits/permits.routes";
import { siteSearchRoutes } from "../domains/search/site-search.routes";
import type { RouteTable } from "../platform/http/route";

/** Public information: feeds, permits, site search, file boxes. */
export const publicRoutes: RouteTable = {
  functionName: "public",
  rewrites: ["/api/feeds/**", "/api/permits/**", "/api/search", "/api/box/**"],
  routes: [...feedsRoutes, ...permitRoutes, ...boxRoutes, ...siteSearchRoutes],
};
