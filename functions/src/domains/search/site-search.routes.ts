// GET /api/search?term=&page=&lang=
import { type SiteSearchAnswer, ZSiteSearchQuery } from "../../contract/site-search";
import { type AnyRoute, route } from "../../platform/http/route";
import { pageOfResults, siteSearchIndex } from "./site-search.service";

export const siteSearchRoutes: AnyRoute[] = [
  route({
    method: "GET",
    path: "/api/search",
    access: "public",
    query: ZSiteSearchQuery,
    throttle: [{ name: "site-search", key: "caller", limit: 300, windowSeconds: 600 }],
    summary: "Site search across services, help articles, boards, news and pages, ranked, paged by 15",
    example: { query: { term: "pothole", page: "1", lang: "en" } },
    handler: async ({ query }): Promise<SiteSearchAnswer> =>
      pageOfResults(await siteSearchIndex(query.lang ?? "en"), query.term ?? "", query.page),
  }),
];
