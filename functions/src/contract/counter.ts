import { z } from "zod";
import { cityInstant, cityToday, nextDay } from "./city-time";

/**
 * City Hall's counter (issue 31; spec 1's route table names /counter): its services, its hours and
 * visit slots, all in the city's time zone (America/Chicago). Residents book a slot; staff see the
 * day's visits in the console and check people in.
 */
export const COUNTER_SERVICES = ["water-billing", "permits", "business-licenses", "parking", "records"] as const;
export type CounterService = (typeof COUNTER_SERVICES)[number];

/** Where the counter is (shown with the hours and in the calendar file). */
export const COUNTER_ADDRESS = "City Hall, 150 Dexter Court, Elgin, IL 60120";

/** Opening hours by weekday (0 Sunday … 6 Saturday); null is closed. City Hall: weekdays 8:00 to 16:30. */
export const COUNTER_HOURS: readonly ({ opens: string; closes: string } | null)[] = [
  null,
  { opens: "08:00", closes: "16:30" },
  { opens: "08:00", closes: "16:30" },
  { opens: "08:00", closes: "16:30" },
  { opens: "08:00", closes: "16:30" },
  { opens: "08:00", closes: "16:30" },
  null,
];

/** A visit's length; slots start every this many minutes from opening until the last that ends by closing. */
export const VISIT_MINUTES = 30;
/** How far ahead a visit can be booked. */
export const BOOKING_DAYS_AHEAD = 30;

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
const timeOf = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;

/** The weekday of a `YYYY-MM-DD` (0 Sunday). */
export const weekdayOf = (day: string) => new Date(`${day}T12:00:00Z`).getUTCDay();

/** The slot start times of a day (`HH:mm`, city time); none when the counter is closed. */
export function slotTimesOf(day: string): string[] {
  const hours = COUNTER_HOURS[weekdayOf(day)];
  if (!hours) return [];
  const times: string[] = [];
  for (let start = minutesOf(hours.opens); start + VISIT_MINUTES <= minutesOf(hours.closes); start += VISIT_MINUTES) {
    times.push(timeOf(start));
  }
  return times;
}

/** The days a visit can be booked from `now`: today (if a slot is still ahead) through BOOKING_DAYS_AHEAD, open days only. */
export function bookableDays(now: Date): string[] {
  const days: string[] = [];
  let day = cityToday(now);
  for (let index = 0; index <= BOOKING_DAYS_AHEAD; index++, day = nextDay(day)) {
    if (slotTimesOf(day).some((time) => cityInstant(day, time) > now)) days.push(day);
  }
  return days;
}

const ZDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "Invalid");
const ZTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, "Invalid");

/** GET /api/counter/slots?service=&day= */
export const ZCounterSlotsQuery = z.object({ service: z.enum(COUNTER_SERVICES), day: ZDay }).strict();

/** POST /api/counter/visits: the form's fields (the server checks the slot is open and ahead). */
export const ZCounterBooking = z
  .object({ service: z.enum(COUNTER_SERVICES), day: ZDay, time: ZTime })
  .strict()
  .refine((booking) => slotTimesOf(booking.day).includes(booking.time), { message: "Invalid", path: ["time"] });
export type CounterBooking = z.infer<typeof ZCounterBooking>;

export interface CounterSlots {
  service: CounterService;
  day: string;
  /** Every slot of the day with whether it can still be booked. */
  slots: { time: string; open: boolean }[];
}

export interface CounterVisit {
  id: string;
  service: CounterService;
  day: string;
  time: string;
  /** ISO instant of the start. */
  startsAt: string;
  /** Set when staff checked the person in. */
  checkedInAt: string | null;
}

/** A visit in the console's day list: with who booked it. */
export interface CounterDayVisit extends CounterVisit {
  uid: string;
  name: string | null;
  email: string | null;
  checkedInBy: string | null;
}

/** GET /api/console/counter?day= */
export const ZCounterDayQuery = z.object({ day: ZDay }).strict();
