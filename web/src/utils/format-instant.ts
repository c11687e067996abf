/**
 * Dates of instants (the API's ISO timestamps) in city hall's zone with the browser's Intl, not
 * dayjs: for parts of `/` (the news and events panels), which must stay within the page's JS
 * budget (issue 12). Same output as format.ts's formatNewsDate and formatDate for an instant.
 */
export const DISPLAY_TIME_ZONE = "America/Chicago";

/**
 * Formatters are made when first used, not when the module loads: a page's first Intl formatter
 * costs ~70 ms of main thread on a throttled phone (ICU start-up), which every page importing
 * format.ts paid at load even when it showed no date (issue 12).
 */
function lazyFormatter(options: Intl.DateTimeFormatOptions): () => Intl.DateTimeFormat {
  let formatter: Intl.DateTimeFormat | undefined;
  return () => {
    formatter ??= new Intl.DateTimeFormat("en-US", { timeZone: DISPLAY_TIME_ZONE, ...options });
    return formatter;
  };
}

const newsDate = lazyFormatter({ month: "long", day: "2-digit", year: "numeric" });
const shortDate = lazyFormatter({ month: "2-digit", day: "2-digit", year: "numeric" });

function format(formatter: () => Intl.DateTimeFormat, iso: string | null | undefined): string {
  if (!iso) return "";
  const time = Date.parse(iso);
  return Number.isNaN(time) ? "" : formatter().format(time);
}

/** MMMM DD, YYYY of an instant, the news date. */
export const formatInstantNewsDate = (iso: string | null | undefined) => format(newsDate, iso);
/** MM/DD/YYYY of an instant. */
export const formatInstantDate = (iso: string | null | undefined) => format(shortDate, iso);
