/** A city news item as the carousel uses it (spec 3 §3 "RSS news item"). */
export interface NewsFeedItem {
  title: string;
  link: string;
  /** ISO instant. */
  pubDate: string;
  /** The description as plain text. */
  contentSnippet: string;
  enclosure: { url: string; type: string } | null;
}

/** A calendar event (spec 3 §3 "Event item"); the three texts are shown as the feed gives them. */
export interface EventFeedItem {
  title: string;
  link: string;
  calendarEvent: { EventDates: string; EventTimes: string; Location: string };
  /** ISO instants, for sorting and picking the upcoming ones. */
  startsAt: string;
  endsAt: string | null;
}

export interface FeedsConnector {
  news(): Promise<NewsFeedItem[]>;
  events(): Promise<EventFeedItem[]>;
}
