// GET /api/permits/search?streetName=&streetNumber= | ownerName= | parcelNumber= [&page=]
// GET /api/permits/:year/:number
import { billingConnector } from "../../connectors/billing/connection";
import type { PermitSearch } from "../../connectors/billing/types";
import {
  PERMIT_PAGE_SIZE,
  PERMIT_SEARCH_MAX_RESULTS,
  type PermitDetail,
  type PermitRow,
  type PermitSearchPage,
  ZPermitDetailParams,
  ZPermitSearchQuery,
} from "../../contract/permits";
import { PromiseCache } from "../../platform/cache";
import { type AnyRoute, route, type ThrottleRule } from "../../platform/http/route";

/** Permits change as clerks work them; five minutes spares the permit system repeated searches. */
const PERMIT_CACHE_MS = 5 * 60_000;
const searchCache = new PromiseCache<string, PermitRow[]>({ ttlMs: PERMIT_CACHE_MS, max: 1000 });
const detailCache = new PromiseCache<string, PermitDetail>({ ttlMs: PERMIT_CACHE_MS, max: 1000 });

const PERMIT_THROTTLE: ThrottleRule[] = [{ name: "permit-search", key: "caller", limit: 120, windowSeconds: 600 }];

export const permitRoutes: AnyRoute[] = [
  route({
    method: "GET",
    path: "/api/permits/search",
    access: "public",
    query: ZPermitSearchQuery,
    throttle: PERMIT_THROTTLE,
    summary:
      "Permit rows by street, owner name (3+ characters) or parcel number (spec 3 §2), a page of 25 of at most 200",
    example: { query: { streetName: "HIGHLAND" } },
    handler: async ({ query }): Promise<PermitSearchPage> => {
      // One mode per search, in the order the permit system weighs them.
      const criteria: PermitSearch = query.parcelNumber
        ? { parcelNumber: query.parcelNumber.replace(/-/g, "") }
        : query.ownerName
          ? { ownerName: query.ownerName.toUpperCase() }
          : { streetName: (query.streetName ?? "").toUpperCase(), streetNumber: query.streetNumber || undefined };
      const key = JSON.stringify(criteria);
      const all = await searchCache.get(key, () => billingConnector().searchPermits(criteria));
      // The permit system answers every match at once; the visitor gets a page, and never more
      // than the cap in all (issue 26, finding 11: one letter listed 1,814 owners' permits).
      const reachable = all.slice(0, PERMIT_SEARCH_MAX_RESULTS);
      const start = query.page * PERMIT_PAGE_SIZE;
      return {
        rows: reachable.slice(start, start + PERMIT_PAGE_SIZE),
        page: query.page,
        pageSize: PERMIT_PAGE_SIZE,
        total: reachable.length,
        capped: all.length > PERMIT_SEARCH_MAX_RESULTS,
      };
    },
  }),
  route({
    method: "GET",
    path: "/api/permits/:year/:number",
    access: "public",
    params: ZPermitDetailParams,
    throttle: PERMIT_THROTTLE,
    summary: "Permit detail by application year and number; an unknown one answers its ErrorCode",
    example: { params: { year: "2025", number: "1" } },
    handler: ({ params }) =>
      detailCache.get(`${params.year}/${params.number}`, () =>
        billingConnector().permitDetail(Number(params.year), params.number),
      ),
  }),
];
