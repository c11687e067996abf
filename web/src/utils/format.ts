import dayjs from "dayjs";
import timezone from "dayjs/plugin/timezone";
import utc from "dayjs/plugin/utc";

dayjs.extend(utc);
dayjs.extend(timezone);

import { DISPLAY_TIME_ZONE } from "./format-instant";

/** Every time is shown in city hall's zone (spec 1 §9), whatever the visitor's device says. */
export { DISPLAY_TIME_ZONE };

// Made at first use (see format-instant.ts: a page's first Intl formatter is costly).
let dollarFormatter: Intl.NumberFormat | undefined;

/** Dollars as "$1,234.50"; negatives with a leading minus, "-$12.50" (spec 1 §9). */
export function formatDollars(dollars: number): string {
  const rounded = Math.round(dollars * 100) / 100;
  const sign = rounded < 0 ? "-" : "";
  dollarFormatter ??= new Intl.NumberFormat("en-US", {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
    useGrouping: true,
  });
  return `${sign}$${dollarFormatter.format(Math.abs(rounded))}`;
}

/** Integer cents (our internal unit, DESIGN.md Data) shown as dollars. */
export function formatCents(cents: number): string {
  return formatDollars(cents / 100);
}

type DateInput = string | number | Date | null | undefined;

function inChicago(value: DateInput, pattern: string): string {
  if (value === null || value === undefined || value === "") return "";
  const instant = dayjs(value);
  if (!instant.isValid()) return "";
  return instant.tz(DISPLAY_TIME_ZONE).format(pattern);
}

/** MM/DD/YYYY */
export const formatDate = (value: DateInput) => inChicago(value, "MM/DD/YYYY");
/** MM/DD/YYYY h:mm A, the activity time. */
export const formatActivityTime = (value: DateInput) => inChicago(value, "MM/DD/YYYY h:mm A");
/** MMMM DD, YYYY, the news date. */
export const formatNewsDate = (value: DateInput) => inChicago(value, "MMMM DD, YYYY");
/** MM-DD-YY h:mm A */
export const formatShortDateTime = (value: DateInput) => inChicago(value, "MM-DD-YY h:mm A");
/** MM/DD/YY, used in payment history tables. */
export const formatShortDate = (value: DateInput) => inChicago(value, "MM/DD/YY");
