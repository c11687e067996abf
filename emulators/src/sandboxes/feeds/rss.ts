import type { FeedEvent, FeedNewsItem } from "../../seed/feeds.ts";

const ZONE = "America/Chicago";
/** The calendar namespace CivicPlus-style city calendars use for event details in RSS. */
export const CALENDAR_NAMESPACE = "https://www.civicplus.com/Calendar";

export const escapeXml = (text: string) =>
  text.replace(/[<>&'"]/g, (char) => `&${{ "<": "lt", ">": "gt", "&": "amp", "'": "apos", '"': "quot" }[char]};`);

const channel = (title: string, link: string, description: string, items: string[]) =>
  `<title>${escapeXml(title)}</title><link>${escapeXml(link)}</link><description>${escapeXml(description)}</description><language>en-us</language>${items.join("")}`;

export function newsRss(items: FeedNewsItem[], baseUrl: string): string {
  const entries = items.map(
    (item) =>
      `<item><title>${escapeXml(item.title)}</title><link>${escapeXml(item.link)}</link>` +
      `<guid isPermaLink="false">${item.guid}</guid><pubDate>${item.pubDate.toUTCString()}</pubDate>` +
      `<description>${escapeXml(item.description)}</description>` +
      `<enclosure url="${escapeXml(`${baseUrl}${item.imagePath}`)}" length="0" type="image/svg+xml"/></item>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0"><channel>${channel(
    "City of Elgin News",
    "https://www.cityofelgin.example.gov/news",
    "News from the City of Elgin",
    entries,
  )}</channel></rss>`;
}

const dateText = (date: Date) =>
  new Intl.DateTimeFormat("en-US", { timeZone: ZONE, month: "long", day: "numeric", year: "numeric" }).format(date);
const timeText = (date: Date) =>
  new Intl.DateTimeFormat("en-US", { timeZone: ZONE, hour: "numeric", minute: "2-digit" }).format(date);

export function eventsRss(events: FeedEvent[]): string {
  const entries = events.map(
    (event) =>
      `<item><title>${escapeXml(event.title)}</title><link>${escapeXml(event.link)}</link>` +
      `<guid isPermaLink="false">${event.guid}</guid><pubDate>${event.startsAt.toUTCString()}</pubDate>` +
      `<description>${escapeXml(event.description)}</description>` +
      `<calendarEvent:EventDates>${dateText(event.startsAt)}</calendarEvent:EventDates>` +
      `<calendarEvent:EventTimes>${timeText(event.startsAt)} - ${timeText(event.endsAt)}</calendarEvent:EventTimes>` +
      `<calendarEvent:Location>${escapeXml(event.location)}</calendarEvent:Location>` +
      `<calendarEvent:StartDateTime>${event.startsAt.toISOString()}</calendarEvent:StartDateTime>` +
      `<calendarEvent:EndDateTime>${event.endsAt.toISOString()}</calendarEvent:EndDateTime></item>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0" xmlns:calendarEvent="${CALENDAR_NAMESPACE}"><channel>${channel(
    "City of Elgin Events",
    "https://www.cityofelgin.example.gov/Calendar.aspx",
    "Upcoming events in the City of Elgin",
    entries,
  )}</channel></rss>`;
}

const COLOURS = ["#1d4e89", "#2a7f62", "#8a4b08", "#6b2d5c", "#3d5a80", "#7a1f1f"];

/** A plain picture per news slot, so the carousel shows images without reaching the internet. */
export function newsImageSvg(slot: number): string {
  const colour = COLOURS[(slot - 1) % COLOURS.length];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="450" viewBox="0 0 800 450" role="img" aria-label="City news"><rect width="800" height="450" fill="${colour}"/><text x="400" y="240" font-family="sans-serif" font-size="48" fill="#fff" text-anchor="middle">City of Elgin</text></svg>`;
}
