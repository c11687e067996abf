import Parser from "rss-parser";
import { ConnectorError } from "../../platform/connector-error";
import { fetchWithTimeout } from "../../platform/outbound";
import { type FeedsConfig, feedsConfigFromEnv } from "./config";
import type { EventFeedItem, FeedsConnector, NewsFeedItem } from "./types";

const SYSTEM = "feeds";

// The calendar's event details come in its own namespace (calendarEvent:EventDates, ...).
const CALENDAR_FIELDS = [
  "calendarEvent:EventDates",
  "calendarEvent:EventTimes",
  "calendarEvent:Location",
  "calendarEvent:StartDateTime",
  "calendarEvent:EndDateTime",
] as const;
type CalendarItem = Record<(typeof CALENDAR_FIELDS)[number], string | undefined>;

const parser = new Parser<Record<string, unknown>, CalendarItem>({
  customFields: { item: [...CALENDAR_FIELDS] },
});

async function fetchFeed(url: string, timeoutMs: number) {
  let text: string;
  try {
    const response = await fetchWithTimeout(url, {
      headers: { accept: "application/rss+xml, application/xml" },
      timeoutMs,
    });
    text = await response.text();
    if (!response.ok) throw new Error(`answered ${response.status}: ${text.slice(0, 200)}`);
  } catch (error) {
    throw new ConnectorError(SYSTEM, "unavailable", "The city feed did not answer", String(error));
  }
  try {
    return await parser.parseString(text);
  } catch (error) {
    throw new ConnectorError(SYSTEM, "unavailable", "The city feed is not readable RSS", String(error));
  }
}

const isoOf = (text: string | undefined) => {
  const time = text ? Date.parse(text) : Number.NaN;
  return Number.isNaN(time) ? null : new Date(time).toISOString();
};

/** The real adapter: fetches the public RSS feeds and parses them with rss-parser. */
export function createRssFeedsConnector(fixedConfig?: FeedsConfig): FeedsConnector {
  const config = () => fixedConfig ?? feedsConfigFromEnv();
  return {
    async news(): Promise<NewsFeedItem[]> {
      const { newsUrl, timeoutMs } = config();
      const feed = await fetchFeed(newsUrl, timeoutMs);
      return feed.items.map((item) => ({
        title: item.title ?? "",
        link: item.link ?? "",
        pubDate: isoOf(item.isoDate ?? item.pubDate) ?? "",
        contentSnippet: item.contentSnippet ?? "",
        enclosure: item.enclosure?.url ? { url: item.enclosure.url, type: item.enclosure.type ?? "" } : null,
      }));
    },
    async events(): Promise<EventFeedItem[]> {
      const { eventsUrl, timeoutMs } = config();
      const feed = await fetchFeed(eventsUrl, timeoutMs);
      return feed.items.map((item) => ({
        title: item.title ?? "",
        link: item.link ?? "",
        calendarEvent: {
          EventDates: item["calendarEvent:EventDates"] ?? "",
          EventTimes: item["calendarEvent:EventTimes"] ?? "",
          Location: item["calendarEvent:Location"] ?? "",
        },
        startsAt: isoOf(item["calendarEvent:StartDateTime"] ?? item.isoDate ?? item.pubDate) ?? "",
        endsAt: isoOf(item["calendarEvent:EndDateTime"]),
      }));
    },
  };
}
