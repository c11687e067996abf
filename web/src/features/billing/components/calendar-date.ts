import { formatCalendarDay } from "@/utils/format-instant";

/** YYYY-MM-DD (a calendar date from the billing system, no time zone) as MM/DD/YYYY (spec 2 §9); "2 oct 2026" in Spanish. */
export const calendarDate = (value: string) => formatCalendarDay(value);
