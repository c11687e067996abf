/**
 * The city's wall clock: the day, time and UTC offset of an instant in America/Chicago (spec 1 §9: every date the
 * portal shows or decides by is City Hall's). One implementation for the server (maintenance windows, garbage days
 * and reminders, news of the day, Open311's timestamps) and the web; plain Intl, so it adds nothing to a page's JS.
 */
export const CITY_TIME_ZONE = "America/Chicago";

const WEEKDAYS = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"] as const;
export type CityWeekday = (typeof WEEKDAYS)[number];

export interface CityWallClock {
  /** YYYY-MM-DD. */
  date: string;
  hour: number;
  minute: number;
  second: number;
  /** Minutes after the city's midnight. */
  minutes: number;
  weekday: CityWeekday;
  /** The city's UTC offset at that instant, e.g. "-06:00" (CST) or "-05:00" (CDT). */
  offset: string;
}

// Made when first used: a first Intl formatter costs ~70 ms of main thread on a throttled phone (issue 12).
let clockFormat: Intl.DateTimeFormat | undefined;

/** The city's wall clock at an instant. */
export function cityWallClock(at: Date): CityWallClock {
  clockFormat ??= new Intl.DateTimeFormat("en-US", {
    timeZone: CITY_TIME_ZONE,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
    weekday: "long",
    timeZoneName: "longOffset",
  });
  const parts: Record<string, string> = {};
  for (const part of clockFormat.formatToParts(at)) parts[part.type] = part.value;
  const hour = Number(parts.hour);
  const minute = Number(parts.minute);
  const zone = parts.timeZoneName ?? "GMT";
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    hour,
    minute,
    second: Number(parts.second),
    minutes: hour * 60 + minute,
    weekday: (parts.weekday ?? "").toLowerCase() as CityWeekday,
    offset: zone === "GMT" ? "+00:00" : zone.replace("GMT", ""),
  };
}

/** The city's calendar day (YYYY-MM-DD) at an instant, by default now. */
export function cityToday(now: Date = new Date()): string {
  return cityWallClock(now).date;
}

/** An instant as ISO 8601 with the city's offset, e.g. 2026-11-28T06:03:00-06:00; null for no or no valid value. */
export function cityDateTime(value: Date | string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  const at = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(at.getTime())) return null;
  const clock = cityWallClock(at);
  const two = (n: number) => String(n).padStart(2, "0");
  return `${clock.date}T${two(clock.hour)}:${two(clock.minute)}:${two(clock.second)}${clock.offset}`;
}

/** The city's UTC offset at an instant, in minutes (-360 in CST, -300 in CDT). */
function offsetMinutesAt(at: Date): number {
  const [hours = "0", minutes = "0"] = cityWallClock(at).offset.replace(/^[+-]/, "").split(":");
  const sign = cityWallClock(at).offset.startsWith("-") ? -1 : 1;
  return sign * (Number(hours) * 60 + Number(minutes));
}

/**
 * The instant of a wall-clock day and time in the city (`2026-12-01`, `09:30`). Across a DST change
 * the offset of the result itself is used, so 09:30 is 09:30 on both sides of it.
 */
export function cityInstant(day: string, time = "00:00"): Date {
  const [year, month, date] = day.split("-").map(Number);
  const [hour, minute] = time.split(":").map(Number);
  const asUtc = Date.UTC(year ?? 1970, (month ?? 1) - 1, date ?? 1, hour ?? 0, minute ?? 0);
  const first = asUtc - offsetMinutesAt(new Date(asUtc)) * 60_000;
  return new Date(asUtc - offsetMinutesAt(new Date(first)) * 60_000);
}

/** The day after `YYYY-MM-DD`. */
export function nextDay(day: string): string {
  const [year, month, date] = day.split("-").map(Number);
  return new Date(Date.UTC(year ?? 1970, (month ?? 1) - 1, (date ?? 1) + 1)).toISOString().slice(0, 10);
}
