/**
 * Dates of instants (the API's ISO timestamps) in city hall's zone with the browser's Intl, not
 * dayjs: for parts of `/` (the news and events panels), which must stay within the page's JS
 * budget (issue 12). Same output as format.ts's formatNewsDate and formatDate for an instant.
 */
// The same zone as the server's contract/city-time.ts; written out because the browser tests import this
// file without the web's @contract alias.
export const DISPLAY_TIME_ZONE = "America/Chicago";

/**
 * The language dates are written in: the page's (`<html lang>`, which lib/i18n keeps in step with
 * the chosen language before the page re-renders). English keeps the spec's formats (spec 1 §9);
 * Spanish writes the month's name, since "10/02/26" reads as the 10th of February to a reader of
 * day-first dates (issue 28).
 */
export type DateLanguage = "en" | "es";

export function dateLanguage(): DateLanguage {
  return typeof document !== "undefined" && document.documentElement.lang.startsWith("es") ? "es" : "en";
}

/** The Intl locale of each language's dates. */
export const DATE_LOCALE: Record<DateLanguage, string> = { en: "en-US", es: "es-US" };

/**
 * Formatters are made when first used, not when the module loads: a page's first Intl formatter
 * costs ~70 ms of main thread on a throttled phone (ICU start-up), which every page importing
 * format.ts paid at load even when it showed no date (issue 12).
 */
export function lazyFormatter(
  options: Record<DateLanguage, Intl.DateTimeFormatOptions>,
): (language: DateLanguage) => Intl.DateTimeFormat {
  const made: Partial<Record<DateLanguage, Intl.DateTimeFormat>> = {};
  return (language) => {
    made[language] ??= new Intl.DateTimeFormat(DATE_LOCALE[language], {
      timeZone: DISPLAY_TIME_ZONE,
      ...options[language],
    });
    return made[language];
  };
}

/** A day written out in Spanish: "1 nov 2026". */
export const SPANISH_DAY: Intl.DateTimeFormatOptions = { day: "numeric", month: "short", year: "numeric" };

const newsDate = lazyFormatter({
  en: { month: "long", day: "2-digit", year: "numeric" },
  es: { day: "numeric", month: "long", year: "numeric" },
});
const shortDate = lazyFormatter({ en: { month: "2-digit", day: "2-digit", year: "numeric" }, es: SPANISH_DAY });

function format(
  formatter: (language: DateLanguage) => Intl.DateTimeFormat,
  iso: string | null | undefined,
  language: DateLanguage,
): string {
  if (!iso) return "";
  const time = Date.parse(iso);
  return Number.isNaN(time) ? "" : formatter(language).format(time);
}

/** The news date of an instant: "July 01, 2024" (MMMM DD, YYYY), "1 de julio de 2024". */
export const formatInstantNewsDate = (iso: string | null | undefined, language = dateLanguage()) =>
  format(newsDate, iso, language);
/** The day of an instant: "07/01/2024" (MM/DD/YYYY), "1 jul 2024". */
export const formatInstantDate = (iso: string | null | undefined, language = dateLanguage()) =>
  format(shortDate, iso, language);

/**
 * A calendar day as the CRM writes it ("2026-11-20", no time zone): "11/20/2026" (or "11/20/26"
 * with `short`), "20 nov 2026" in Spanish. Noon UTC of that day is the same day in Chicago.
 */
export function formatCalendarDay(value: string, { short = false } = {}, language = dateLanguage()): string {
  const [year, month, day] = value.split("-");
  if (!year || !month || !day) return value;
  if (language === "en") return `${month}/${day}/${short ? year.slice(-2) : year}`;
  const noon = Date.UTC(Number(year), Number(month) - 1, Number(day), 12);
  return Number.isNaN(noon) ? value : shortDate("es").format(noon);
}
