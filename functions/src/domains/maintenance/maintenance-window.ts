import { type CityWeekday, cityWallClock } from "../../contract/city-time";
import type { MaintenanceDays, MaintenanceWindow } from "../../contract/messages";

const DAY_NAMES: readonly CityWeekday[] = [
  "sunday",
  "monday",
  "tuesday",
  "wednesday",
  "thursday",
  "friday",
  "saturday",
];

/** "hh:mm AM" to minutes after midnight; null when it is not in that form. */
export function minutesOf(time: string): number | null {
  const match = /^(\d{1,2}):(\d{2})\s*(AM|PM)$/i.exec(time.trim());
  if (!match) return null;
  const hour = Number(match[1]);
  const minute = Number(match[2]);
  if (hour < 1 || hour > 12 || minute > 59) return null;
  return ((hour % 12) + (match[3]?.toUpperCase() === "PM" ? 12 : 0)) * 60 + minute;
}

const dayActive = (days: MaintenanceDays | undefined, day: CityWeekday) =>
  days?.everyDay === true || days?.[day] === true;

/** The calendar day before a YYYY-MM-DD date, and its weekday. */
function dayBefore(date: string): { date: string; day: CityWeekday } {
  const previous = new Date(`${date}T12:00:00Z`);
  previous.setUTCDate(previous.getUTCDate() - 1);
  return {
    date: previous.toISOString().slice(0, 10),
    day: DAY_NAMES[previous.getUTCDay()] as CityWeekday,
  };
}

/**
 * Whether a maintenance window applies at an instant, on the city's wall clock (America/Chicago,
 * so both daylight-saving changes follow the clock on the wall): enabled, within its optional date
 * range, on an active day and inside its daily time window. A window ending before it starts runs
 * past midnight; its early-morning part belongs to the day it started (a Tuesday 10 PM to 2 AM
 * window covers Wednesday 1 AM, and its date range is checked against Tuesday).
 */
export function windowInForce(window: MaintenanceWindow | null | undefined, at: Date): boolean {
  if (!window?.enabled) return false;
  const start = minutesOf(window.startTime ?? "");
  const end = minutesOf(window.endTime ?? "");
  if (start === null || end === null || start === end) return false;
  const clock = cityWallClock(at);
  let day: { date: string; day: CityWeekday } = { date: clock.date, day: clock.weekday };
  if (start < end) {
    if (clock.minutes < start || clock.minutes >= end) return false;
  } else if (clock.minutes < end) day = dayBefore(clock.date);
  else if (clock.minutes < start) return false;
  if (window.startDate && day.date < window.startDate) return false;
  if (window.endDate && day.date > window.endDate) return false;
  return dayActive(window.daysActive, day.day);
}
