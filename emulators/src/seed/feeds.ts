import { CITY_EPOCH, city } from "./city.ts";
import { seededRandom } from "./random.ts";

const DAY = 86_400_000;
const ZONE = "America/Chicago";

export interface FeedNewsItem {
  guid: string;
  title: string;
  link: string;
  description: string;
  pubDate: Date;
  /** Path of the item's picture on the feeds sandbox. */
  imagePath: string;
}

export interface FeedEvent {
  guid: string;
  title: string;
  link: string;
  description: string;
  startsAt: Date;
  endsAt: Date;
  location: string;
}

/** The city news feed: the CRM's news posts, newest first, each with a picture. */
export function buildNewsFeed(): FeedNewsItem[] {
  return city()
    .newsPosts.slice(0, 20)
    .map((post, index) => ({
      guid: `news-${post.Name}`,
      title: post.Update__c.replace(/\.$/, ""),
      link: post.Additional_Info__c ?? `https://www.cityofelgin.example.gov/news/${post.Name.toLowerCase()}`,
      description: `<p>${post.Update__c}</p><p>Category: ${post.Category__c}.</p>`,
      pubDate: new Date(`${post.Show_On__c}T14:00:00.000Z`),
      imagePath: `/images/news-${(index % 6) + 1}.svg`,
    }));
}

const EVENT_KINDS: readonly [title: string, location: string, startHour: number, hours: number][] = [
  ["City Council Meeting", "City Hall, 150 Dexter Ct, Council Chambers", 18, 2],
  ["Planning & Zoning Commission", "City Hall, 150 Dexter Ct, Room 201", 18, 2],
  ["Farmers Market", "Festival Park, 132 S Grove Ave", 8, 5],
  ["Story Time at the Library", "Gail Borden Public Library, 270 N Grove Ave", 10, 1],
  ["Fox River Trail Cleanup", "Walton Island Park", 9, 3],
  ["Concert in the Park", "Wing Park Bandshell, 1010 Wing St", 19, 2],
  ["Senior Center Bingo", "Centre of Elgin, 100 Symphony Way", 13, 2],
  ["Hispanic Heritage Celebration", "Festival Park, 132 S Grove Ave", 12, 6],
  ["Recycling Drop-off Day", "Public Works Facility, 1900 Holmes Rd", 8, 4],
  ["Youth Soccer Clinic", "Lords Park, 325 Oakwood Blvd", 16, 2],
  ["Historic District Walking Tour", "Elgin History Museum, 360 Park St", 10, 2],
  ["Budget Town Hall", "Centre of Elgin, 100 Symphony Way", 18, 2],
];

/** The instant of a Chicago wall-clock time (the feed shows local times; RSS dates are instants). */
function chicagoInstant(year: number, month: number, day: number, hour: number): Date {
  const guess = Date.UTC(year, month, day, hour + 6);
  const shownHour = Number(
    new Intl.DateTimeFormat("en-US", { timeZone: ZONE, hour: "numeric", hourCycle: "h23" }).format(guess),
  );
  return new Date(guess - (shownHour - hour) * 3_600_000);
}

/** A year of events from a month before the city's "today": two to four a week, the same on every run. */
export function buildEvents(): FeedEvent[] {
  const random = seededRandom(20_261_101);
  const first = new Date(CITY_EPOCH - 30 * DAY);
  const events: FeedEvent[] = [];
  for (let offset = 0; offset < 365; offset++) {
    if (!random.chance(0.42)) continue;
    const day = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth(), first.getUTCDate() + offset));
    const [title, location, startHour, hours] = random.pick(EVENT_KINDS);
    const startsAt = chicagoInstant(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate(), startHour);
    const serial = events.length + 1;
    events.push({
      guid: `event-${serial}`,
      title,
      link: `https://www.cityofelgin.example.gov/Calendar.aspx?EID=${1000 + serial}`,
      description: `${title} at ${location}. Free and open to everyone.`,
      startsAt,
      endsAt: new Date(startsAt.getTime() + hours * 3_600_000),
      location,
    });
  }
  return events;
}
