/** A city news item (spec 3 §3 "RSS news item"), as GET /api/feeds/news answers it. */
export interface NewsItem {
  title: string;
  link: string;
  /** ISO instant, or "" when the feed gives none. */
  pubDate: string;
  /** The description as plain text. */
  contentSnippet: string;
  enclosure: { url: string; type: string } | null;
}

/** A calendar event (spec 3 §3 "Event item"), as GET /api/feeds/events answers it. */
export interface EventItem {
  title: string;
  link: string;
  calendarEvent: { EventDates: string; EventTimes: string; Location: string };
  /** ISO instants, or "" / null when the feed gives none. */
  startsAt: string;
  endsAt: string | null;
}

/** Spec 1 §9: news pads to at least 3; the events panel shows 6. */
export const NEWS_MINIMUM_ITEMS = 3;
export const EVENTS_SHOWN = 6;
