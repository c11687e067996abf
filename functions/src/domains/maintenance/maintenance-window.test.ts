import { describe, expect, it } from "vitest";
import type { MaintenanceWindow } from "../../contract/messages";
import { minutesOf, windowInForce } from "./maintenance-window";

const days = {
  everyDay: false,
  monday: false,
  tuesday: true,
  wednesday: false,
  thursday: false,
  friday: false,
  saturday: false,
  sunday: false,
};
const window = (changes: Partial<MaintenanceWindow> = {}): MaintenanceWindow => ({
  enabled: true,
  englishText: "Down",
  spanishText: "Caído",
  startDate: null,
  endDate: null,
  startTime: "10:00 PM",
  endTime: "02:00 AM",
  daysActive: days,
  ...changes,
});

describe("maintenance windows (America/Chicago)", () => {
  it("reads hh:mm AM/PM", () => {
    expect(minutesOf("12:00 AM")).toBe(0);
    expect(minutesOf("12:30 PM")).toBe(750);
    expect(minutesOf("01:05 pm")).toBe(13 * 60 + 5);
    expect(minutesOf("13:00 PM")).toBeNull();
    expect(minutesOf("9 AM")).toBeNull();
  });

  // 2026-11-10 is a Tuesday; Chicago is UTC-6 in November.
  it("applies inside the window on an active day, across midnight", () => {
    expect(windowInForce(window(), new Date("2026-11-11T04:30:00Z"))).toBe(true); // Tue 22:30
    expect(windowInForce(window(), new Date("2026-11-11T03:30:00Z"))).toBe(false); // Tue 21:30
    expect(windowInForce(window(), new Date("2026-11-12T04:30:00Z"))).toBe(false); // Wed 22:30
  });

  it("honours enabled, everyDay and the date range", () => {
    const at = new Date("2026-11-11T04:30:00Z");
    expect(windowInForce(window({ enabled: false }), at)).toBe(false);
    expect(windowInForce(window({ daysActive: { ...days, tuesday: false, everyDay: true } }), at)).toBe(true);
    expect(windowInForce(window({ startDate: "2026-11-11" }), at)).toBe(false);
    expect(windowInForce(window({ endDate: "2026-11-09" }), at)).toBe(false);
    expect(windowInForce(window({ startDate: "2026-11-01", endDate: "2026-11-30" }), at)).toBe(true);
    expect(windowInForce(null, at)).toBe(false);
  });
});
