import { EVERY_DAY } from "../../functions/src/contract/maintenance.ts";
import type { MaintenanceWindow } from "../../functions/src/contract/messages.ts";

/** Minutes after midnight on the city's wall clock (America/Chicago) now. */
function chicagoMinutesNow(): number {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone: "America/Chicago",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).formatToParts(new Date());
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return part("hour") * 60 + part("minute");
}

/** Minutes after midnight as the modal's hh:mm and meridiem. */
export function clock12(minutes: number): { time: string; meridiem: "AM" | "PM" } {
  const wrapped = ((minutes % 1440) + 1440) % 1440;
  const hour24 = Math.floor(wrapped / 60);
  const hour = hour24 % 12 === 0 ? 12 : hour24 % 12;
  return {
    time: `${String(hour).padStart(2, "0")}:${String(wrapped % 60).padStart(2, "0")}`,
    meridiem: hour24 < 12 ? "AM" : "PM",
  };
}

/** The start and end of a daily window running from an hour ago to two hours from now (Chicago). */
export function windowAroundNow(): { start: ReturnType<typeof clock12>; end: ReturnType<typeof clock12> } {
  const now = chicagoMinutesNow();
  return { start: clock12(now - 60), end: clock12(now + 120) };
}

/** A maintenance window in force now, every day. */
export function windowInForceNow(changes: Partial<MaintenanceWindow> = {}): MaintenanceWindow {
  const { start, end } = windowAroundNow();
  return {
    enabled: true,
    englishText: "Online bill pay is down for maintenance.",
    spanishText: "El pago en línea está en mantenimiento.",
    startDate: null,
    endDate: null,
    startTime: `${start.time} ${start.meridiem}`,
    endTime: `${end.time} ${end.meridiem}`,
    daysActive: EVERY_DAY,
    ...changes,
  };
}
