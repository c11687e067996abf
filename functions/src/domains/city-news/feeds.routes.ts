// GET /api/feeds/news
// GET /api/feeds/events
import { feedsConnector as feeds } from "../../connectors/feeds/connection";
import type { EventItem, NewsItem } from "../../contract/feeds";
import { PromiseCache } from "../../platform/cache";
import { type AnyRoute, route } from "../../platform/http/route";

/** Feeds change a few times a day; every home and dashboard visit reads them. */
export const FEED_CACHE_MS = 5 * 60_000;
/**
 * A caller may ask for a fresh read with the header `x-refresh-feed: 1` (operators checking a
 * feed fix, tests), at most once per this interval per instance. Cache-Control can't serve:
 * the Hosting proxy sends "no-cache" on every request it forwards.
 */
const FORCED_REFRESH_MS = 5_000;

/**
 * One feed read shared by every request of this instance for FEED_CACHE_MS; a failed read is
 * not kept, so the next request tries again (and the visitor gets a 503 meanwhile).
 */
export function feedCache<T>(load: () => Promise<T>, now: () => number = Date.now) {
  const cache = new PromiseCache<"feed", T>({ ttlMs: FEED_CACHE_MS, max: 1, now });
  let lastForced = 0;
  return (forceRefresh = false): Promise<T> => {
    const time = now();
    const forced = forceRefresh && time - lastForced >= FORCED_REFRESH_MS;
    if (forced) lastForced = time;
    return forced ? cache.refresh("feed", load) : cache.get("feed", load);
  };
}

/** Upcoming events first (the panel shows the next six); items without a start time last. */
export function upcomingEvents(events: EventItem[], now: Date): EventItem[] {
  const today = now.toISOString().slice(0, 10);
  return events
    .filter((event) => !event.startsAt || (event.endsAt ?? event.startsAt).slice(0, 10) >= today)
    .sort((a, b) => (a.startsAt || "~").localeCompare(b.startsAt || "~"));
}

const newsCache = feedCache<NewsItem[]>(() => feeds().news());
const eventsCache = feedCache<EventItem[]>(async () => upcomingEvents(await feeds().events(), new Date()));

const wantsFresh = (header: string | undefined) => header === "1";

export const feedsRoutes: AnyRoute[] = [
  route({
    method: "GET",
    path: "/api/feeds/news",
    access: "public",
    summary: "City news from the RSS feed, newest first",
    handler: async ({ req, res }): Promise<NewsItem[]> => {
      const news = await newsCache(wantsFresh(req.header("x-refresh-feed")));
      res.setHeader("cache-control", "public, max-age=300");
      return [...news].sort((a, b) => b.pubDate.localeCompare(a.pubDate));
    },
  }),
  route({
    method: "GET",
    path: "/api/feeds/events",
    access: "public",
    summary: "Upcoming city events from the calendar feed, soonest first",
    handler: async ({ req, res }): Promise<EventItem[]> => {
      const events = await eventsCache(wantsFresh(req.header("x-refresh-feed")));
      res.setHeader("cache-control", "public, max-age=300");
      return events;
    },
  }),
];
