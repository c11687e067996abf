/** The city's time zone: every date and time a person reads or picks is in it (DESIGN.md "Data"). */
export const CITY_TIME_ZONE = "America/Chicago";

const wallClock = new Intl.DateTimeFormat("en-US", {
  timeZone: CITY_TIME_ZONE,
  hourCycle: "h23",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
});

/** The city's wall clock at an instant: day `YYYY-MM-DD`, time `HH:mm`, and its UTC offset in minutes. */
export function cityWallClock(at: Date): { day: string; time: string; offsetMinutes: number } {
  const parts = wallClock.formatToParts(at);
  const part = (type: string) => parts.find((candidate) => candidate.type === type)?.value ?? "00";
  const wall = Date.UTC(
    Number(part("year")),
    Number(part("month")) - 1,
    Number(part("day")),
    Number(part("hour")),
    Number(part("minute")),
    Number(part("second")),
  );
  const offsetMinutes = Math.round((wall - Math.floor(at.getTime() / 1000) * 1000) / 60_000);
  return {
    day: `${part("year")}-${part("month")}-${part("day")}`,
    time: `${part("hour")}:${part("minute")}`,
    offsetMinutes,
  };
}

/**
 * The instant of a wall-clock day and time in the city (`2026-12-01`, `09:30`). Across a DST change
 * the offset of the result itself is used, so 09:30 is 09:30 on both sides of it.
 */
export function cityInstant(day: string, time = "00:00"): Date {
  const [year, month, date] = day.split("-").map(Number);
  const [hour, minute] = time.split(":").map(Number);
  const asUtc = Date.UTC(year ?? 1970, (month ?? 1) - 1, date ?? 1, hour ?? 0, minute ?? 0);
  const first = asUtc - cityWallClock(new Date(asUtc)).offsetMinutes * 60_000;
  const second = asUtc - cityWallClock(new Date(first)).offsetMinutes * 60_000;
  return new Date(second);
}

/** The day after `YYYY-MM-DD`. */
export function nextDay(day: string): string {
  const [year, month, date] = day.split("-").map(Number);
  return new Date(Date.UTC(year ?? 1970, (month ?? 1) - 1, (date ?? 1) + 1)).toISOString().slice(0, 10);
}
