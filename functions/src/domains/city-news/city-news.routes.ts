// GET /api/salesforce/elginToday?offset=&limit=10
import { crmConnector } from "../../connectors/crm/connection";
import { type NewsPost, ZCityNewsQuery } from "../../contract/city-news";
import { cityToday } from "../../contract/city-time";
import { PromiseCache } from "../../platform/cache";
import { type AnyRoute, route } from "../../platform/http/route";
import { shownNewsQuery } from "./city-news.service";

/** Posts are written a few times a week; ten minutes keeps each page at one CRM call per instance. */
const NEWS_CACHE_MS = 10 * 60_000;
const pageCache = new PromiseCache<string, NewsPost[]>({ ttlMs: NEWS_CACHE_MS, max: 500 });

const text = (value: unknown) => (typeof value === "string" ? value : "");

export const cityNewsRoutes: AnyRoute[] = [
  route({
    method: "GET",
    path: "/api/salesforce/elginToday",
    access: "public",
    query: ZCityNewsQuery,
    throttle: [{ name: "city-news", key: "caller", limit: 300, windowSeconds: 600 }],
    summary: "City news posts shown by today, newest first, by offset (spec 3 §4 news paging), with their Spanish",
    example: { query: { offset: "0", limit: "10" } },
    handler: ({ query }) => {
      const today = cityToday();
      return pageCache.get(`${today}:${query.offset}:${query.limit}`, async () => {
        const rows = await crmConnector().query(
          shownNewsQuery(
            ["Id", "Category__c", "Update__c", "Update_Spanish__c", "Additional_Info__c", "Show_On__c"],
            { limit: query.limit, offset: query.offset },
            today,
          ),
        );
        return rows.map(
          (row): NewsPost => ({
            Id: row.Id,
            Category__c: text(row.Category__c),
            Update__c: text(row.Update__c),
            Update_Spanish__c: text(row.Update_Spanish__c) || null,
            Additional_Info__c: typeof row.Additional_Info__c === "string" ? row.Additional_Info__c : null,
            Show_On__c: text(row.Show_On__c).slice(0, 10),
          }),
        );
      });
    },
  }),
];
