import dayjs from "dayjs";
import timezone from "dayjs/plugin/timezone";
import utc from "dayjs/plugin/utc";

dayjs.extend(utc);
dayjs.extend(timezone);

import { type DateLanguage, DISPLAY_TIME_ZONE, dateLanguage, lazyFormatter, SPANISH_DAY } from "./format-instant";

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

function instantOf(value: DateInput): dayjs.Dayjs | null {
  if (value === null || value === undefined || value === "") return null;
  const instant = dayjs(value);
  return instant.isValid() ? instant : null;
}

/** Spanish dates name the month (format-instant.ts); English keeps the spec's patterns (spec 1 §9). */
const spanish = {
  day: lazyFormatter({ en: {}, es: SPANISH_DAY }),
  dayAndTime: lazyFormatter({ en: {}, es: { ...SPANISH_DAY, hour: "numeric", minute: "2-digit" } }),
  news: lazyFormatter({ en: {}, es: { day: "numeric", month: "long", year: "numeric" } }),
  monthYear: lazyFormatter({ en: {}, es: { month: "long", year: "numeric" } }),
};

function inChicago(
  value: DateInput,
  pattern: string,
  language: DateLanguage,
  spanishFormat: (language: DateLanguage) => Intl.DateTimeFormat,
): string {
  const instant = instantOf(value);
  if (!instant) return "";
  if (language === "es") return spanishFormat("es").format(instant.valueOf());
  return instant.tz(DISPLAY_TIME_ZONE).format(pattern);
}

/** MM/DD/YYYY; "4 mar 2024" in Spanish. */
export const formatDate = (value: DateInput, language = dateLanguage()) =>
  inChicago(value, "MM/DD/YYYY", language, spanish.day);
/** MM/DD/YYYY h:mm A, the activity time; "4 mar 2024, 10:30 p. m." in Spanish. */
export const formatActivityTime = (value: DateInput, language = dateLanguage()) =>
  inChicago(value, "MM/DD/YYYY h:mm A", language, spanish.dayAndTime);
/** MMMM DD, YYYY, the news date; "1 de julio de 2024" in Spanish. */
export const formatNewsDate = (value: DateInput, language = dateLanguage()) =>
  inChicago(value, "MMMM DD, YYYY", language, spanish.news);
/** MMMM, YYYY, the admin user page's member-since (spec 3 §9); "enero de 2026" in Spanish. */
export const formatMonthYear = (value: DateInput, language = dateLanguage()) =>
  inChicago(value, "MMMM, YYYY", language, spanish.monthYear);
/** MM-DD-YY h:mm A */
export const formatShortDateTime = (value: DateInput, language = dateLanguage()) =>
  inChicago(value, "MM-DD-YY h:mm A", language, spanish.dayAndTime);
/** MM/DD/YY, used in payment history tables. */
export const formatShortDate = (value: DateInput, language = dateLanguage()) =>
  inChicago(value, "MM/DD/YY", language, spanish.day);
