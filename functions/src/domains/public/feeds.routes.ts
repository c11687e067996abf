// GET /api/feeds/news
// GET /api/feeds/events
import { createRssFeedsConnector } from "../../connectors/feeds/rss-feeds-connector";
import type { FeedsConnector } from "../../connectors/feeds/types";
import type { EventItem, NewsItem } from "../../contract/feeds";
import { type AnyRoute, route } from "../../platform/http/route";

let connector: FeedsConnector | undefined;
const feeds = () => {
  connector ??= createRssFeedsConnector();
  return connector;
};

/** Feeds change a few times a day; every home and dashboard visit reads them. */
export const FEED_CACHE_MS = 5 * 60_000;
/**
 * A caller may ask for a fresh read with the header `x-refresh-feed: 1` (operators checking a
 * feed fix, tests), at most once per this interval per instance. Cache-Control can't serve:
 * the Hosting proxy sends "no-cache" on every request it forwards.
 */
const FORCED_REFRESH_MS = 5_000;

interface CacheEntry<T> {
  at: number;
  value: Promise<T>;
}

/**
 * One feed read shared by every request of this instance for FEED_CACHE_MS; a failed read is
 * not kept, so the next request tries again (and the visitor gets a 503 meanwhile).
 */
export function feedCache<T>(load: () => Promise<T>, now: () => number = Date.now) {
  let entry: CacheEntry<T> | null = null;
  let lastForced = 0;
  return (forceRefresh = false): Promise<T> => {
    const time = now();
    const forced = forceRefresh && time - lastForced >= FORCED_REFRESH_MS;
    if (forced) lastForced = time;
    if (entry && !forced && time - entry.at < FEED_CACHE_MS) return entry.value;
    const value = load();
    const current: CacheEntry<T> = { at: time, value };
    entry = current;
    value.catch(() => {
      if (entry === current) entry = null;
    });
    return value;
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
