import { z } from "zod";
import { ZStreetNumber } from "./permits";

/**
 * Garbage pickup days and their holiday shift (spec 3 §4). Dates are calendar days written
 * `YYYY-MM-DD` (the city's local days); the arithmetic runs on UTC midnights so no time zone or
 * daylight-saving change can move a day.
 */

export const PICKUP_WEEKDAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"] as const;
export type PickupWeekday = (typeof PICKUP_WEEKDAYS)[number];
/** Sunday = 0 ... Saturday = 6, as Date.getUTCDay counts. */
export const WEEKDAY_NAMES = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"] as const;
export type WeekdayName = (typeof WEEKDAY_NAMES)[number];

export const HOLIDAYS = [
  "NewYearsDay",
  "MemorialDay",
  "IndependenceDay",
  "LaborDay",
  "ThanksgivingDay",
  "ChristmasDay",
] as const;
export type HolidayId = (typeof HOLIDAYS)[number];

export const ZCalendarDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { message: "Invalid" })
  .refine(
    (value) => {
      const date = toUtc(value);
      return !Number.isNaN(date.getTime()) && dayOf(date) === value;
    },
    { message: "Invalid" },
  );

const DAY_MS = 86_400_000;

function toUtc(day: string): Date {
  return new Date(`${day}T00:00:00Z`);
}

const dayOf = (date: Date) => date.toISOString().slice(0, 10);

/** The calendar day `count` days after `day`. */
export function addDays(day: string, count: number): string {
  return dayOf(new Date(toUtc(day).getTime() + count * DAY_MS));
}

export function weekdayOf(day: string): WeekdayName {
  return WEEKDAY_NAMES[toUtc(day).getUTCDay()] as WeekdayName;
}

/** The `nth` given weekday (0 = Sunday) of a month (1-12); nth = -1 is the last one. */
function nthWeekday(year: number, month: number, weekday: number, nth: number): string {
  if (nth > 0) {
    const first = new Date(Date.UTC(year, month - 1, 1));
    const offset = (weekday - first.getUTCDay() + 7) % 7;
    return dayOf(new Date(Date.UTC(year, month - 1, 1 + offset + (nth - 1) * 7)));
  }
  const last = new Date(Date.UTC(year, month, 0));
  const back = (last.getUTCDay() - weekday + 7) % 7;
  return dayOf(new Date(Date.UTC(year, month - 1, last.getUTCDate() - back)));
}

const pad = (value: number) => String(value).padStart(2, "0");
const fixed = (year: number, month: number, date: number) => `${year}-${pad(month)}-${pad(date)}`;

/**
 * The city's six pickup holidays of a year. New Year's, Independence and Christmas Day keep their
 * dates; Memorial Day is the last Monday of May, Labor Day the first Monday of September and
 * Thanksgiving the fourth Thursday of November.
 */
export function holidaysOf(year: number): { id: HolidayId; day: string }[] {
  return [
    { id: "NewYearsDay", day: fixed(year, 1, 1) },
    { id: "MemorialDay", day: nthWeekday(year, 5, 1, -1) },
    { id: "IndependenceDay", day: fixed(year, 7, 4) },
    { id: "LaborDay", day: nthWeekday(year, 9, 1, 1) },
    { id: "ThanksgivingDay", day: nthWeekday(year, 11, 4, 4) },
    { id: "ChristmasDay", day: fixed(year, 12, 25) },
  ];
}

/** The Sunday that starts the week (Sunday to Saturday) holding `day`. */
export function weekStart(day: string): string {
  return addDays(day, -toUtc(day).getUTCDay());
}

export interface WeekPickup {
  /** The day the truck comes this week, after any holiday shift. */
  day: string;
  /** The day it would come without a holiday. */
  usualDay: string;
  /** The holiday that moved it, if one did. */
  holiday: HolidayId | null;
}

/**
 * The pickup of the week holding `day` for an address picked up on `weekday`. A holiday on a
 * weekday of that week, on or before the usual pickup day, moves the pickup one day later; a
 * holiday on Sunday moves nothing, and a pickup never moves onto Sunday (Friday goes to Saturday).
 */
export function pickupInWeek(weekday: PickupWeekday, day: string): WeekPickup {
  const sunday = weekStart(day);
  const usualDay = addDays(sunday, WEEKDAY_NAMES.indexOf(weekday));
  const saturday = addDays(sunday, 6);
  const years = new Set([Number(sunday.slice(0, 4)), Number(saturday.slice(0, 4))]);
  const holiday = [...years]
    .flatMap(holidaysOf)
    .find((candidate) => candidate.day > sunday && candidate.day <= saturday && candidate.day <= usualDay);
  if (!holiday) return { day: usualDay, usualDay, holiday: null };
  return { day: addDays(usualDay, 1), usualDay, holiday: holiday.id };
}

export interface NextPickup extends WeekPickup {
  /** Whether the pickup is in the week of the day looked at, or (that one being past) the next. */
  week: "this" | "next";
}

/** The next pickup on or after `today`: this week's, or next week's once this week's has passed. */
export function nextPickup(weekday: PickupWeekday, today: string): NextPickup {
  const thisWeek = pickupInWeek(weekday, today);
  if (thisWeek.day >= today) return { ...thisWeek, week: "this" };
  return { ...pickupInWeek(weekday, addDays(weekStart(today), 7)), week: "next" };
}

/** Every pickup from the week holding `from` for `weeks` weeks (a calendar a year ahead is 53). */
export function pickupsAhead(weekday: PickupWeekday, from: string, weeks: number): WeekPickup[] {
  const sunday = weekStart(from);
  return Array.from({ length: weeks }, (_, index) => pickupInWeek(weekday, addDays(sunday, index * 7)));
}

/**
 * An iCalendar file's pickups: a year of them from `from` on (53), none already past; the week of
 * `from` may have had its pickup before that day.
 */
export function calendarPickups(weekday: PickupWeekday, from: string): WeekPickup[] {
  return pickupsAhead(weekday, from, 54)
    .filter((pickup) => pickup.day >= from)
    .slice(0, 53);
}

/** Leaf bags go out with the garbage from October 1 to November 30 (spec 3 §4). */
export function isLeafBagSeason(day: string): boolean {
  const monthDay = day.slice(5);
  return monthDay >= "10-01" && monthDay <= "11-30";
}

/** GET /api/salesforce/landParcelMaster/garbagePickupDay query (spec 3 §5: number and/or street). */
export const ZGarbageSearchQuery = z.object({
  streetNumber: ZStreetNumber.optional(),
  street: z
    .string()
    .trim()
    .max(60, { message: "TooLong" })
    .regex(/^[\p{L}\p{N} .'-]*$/u, { message: "Invalid" })
    .optional(),
  /** The day being looked at (the visitor's today); the city's today when absent. */
  date: ZCalendarDay.optional(),
});
export type GarbageSearchQuery = z.infer<typeof ZGarbageSearchQuery>;

/** A garbage record (spec 3 §3) with the pickup worked out for the day looked at. */
export interface GarbageRecord {
  Id: string;
  Parcel_Address__c: string;
  Refuse_Pickup_Day__c: PickupWeekday;
  isDelayedFromHoliday: boolean;
  /** The holiday's id (a translation key under Garbage.Holidays), null when nothing moved. */
  holidayName: HolidayId | null;
  pickup: NextPickup;
  leafBagSeason: boolean;
}

/** GET /api/salesforce/landParcelMaster/garbageCalendar/:parcelId query. */
export const ZGarbageCalendarQuery = z.object({
  from: ZCalendarDay.optional(),
  lang: z.enum(["en", "es"]).optional(),
});

// --- The evening-before pickup reminder (issue 16) ---
/** PUT /api/salesforce/landParcelMaster/garbageReminder: remind me of this address's pickups. */
export const ZGarbageReminderBody = z.object({
  parcelId: z.string().regex(/^[A-Za-z0-9]{15,18}$/, { message: "Invalid" }),
});

/** The address a resident is reminded of. */
export interface GarbageReminder {
  parcelId: string;
  address: string;
  pickupWeekday: PickupWeekday;
}

/** GET, PUT and DELETE /api/salesforce/landParcelMaster/garbageReminder: the reminder, null when off. */
export interface GarbageReminderAnswer {
  reminder: GarbageReminder | null;
}
