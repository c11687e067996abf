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

describe("maintenance windows across midnight and daylight-saving changes", () => {
  const everyDay = { ...days, tuesday: false, everyDay: true };

  // Tuesday 10 PM to 2 AM: Wednesday 1 AM belongs to Tuesday's window, Tuesday 1 AM does not.
  it("gives the after-midnight part to the day the window started", () => {
    expect(windowInForce(window(), new Date("2026-11-11T07:00:00Z"))).toBe(true); // Wed 01:00
    expect(windowInForce(window(), new Date("2026-11-11T08:00:00Z"))).toBe(false); // Wed 02:00, end is exclusive
    expect(windowInForce(window(), new Date("2026-11-10T07:00:00Z"))).toBe(false); // Tue 01:00 (Monday's night)
    // The date range is checked against the starting day too.
    expect(windowInForce(window({ endDate: "2026-11-10" }), new Date("2026-11-11T07:00:00Z"))).toBe(true);
    expect(windowInForce(window({ startDate: "2026-11-11" }), new Date("2026-11-11T07:00:00Z"))).toBe(false);
  });

  it("is never in force when it starts and ends at the same minute", () => {
    expect(windowInForce(window({ endTime: "10:00 PM" }), new Date("2026-11-11T04:00:00Z"))).toBe(false);
  });

  // 2026-03-08: at 2:00 AM CST the clocks jump to 3:00 AM CDT (UTC-6 to UTC-5).
  it("follows the wall clock when daylight saving time starts", () => {
    const early = window({ startTime: "01:00 AM", endTime: "03:00 AM", daysActive: everyDay });
    expect(windowInForce(early, new Date("2026-03-08T06:59:00Z"))).toBe(false); // 00:59 CST
    expect(windowInForce(early, new Date("2026-03-08T07:30:00Z"))).toBe(true); // 01:30 CST
    expect(windowInForce(early, new Date("2026-03-08T07:59:00Z"))).toBe(true); // 01:59 CST
    expect(windowInForce(early, new Date("2026-03-08T08:00:00Z"))).toBe(false); // 03:00 CDT: an hour was skipped
    // A 9 AM to 5 PM window is at 9 AM CDT, one hour earlier in UTC than the day before.
    const office = window({ startTime: "09:00 AM", endTime: "05:00 PM", daysActive: everyDay });
    expect(windowInForce(office, new Date("2026-03-07T15:00:00Z"))).toBe(true); // Sat 09:00 CST
    expect(windowInForce(office, new Date("2026-03-08T14:00:00Z"))).toBe(true); // Sun 09:00 CDT
    expect(windowInForce(office, new Date("2026-03-08T13:59:00Z"))).toBe(false); // Sun 08:59 CDT
    // Across midnight on the night of the change: Saturday 11 PM CST to Sunday 4 AM CDT.
    const night = window({
      startTime: "11:00 PM",
      endTime: "04:00 AM",
      daysActive: { ...days, tuesday: false, saturday: true },
    });
    expect(windowInForce(night, new Date("2026-03-08T05:30:00Z"))).toBe(true); // Sat 23:30 CST
    expect(windowInForce(night, new Date("2026-03-08T08:30:00Z"))).toBe(true); // Sun 03:30 CDT
    expect(windowInForce(night, new Date("2026-03-08T09:00:00Z"))).toBe(false); // Sun 04:00 CDT
  });

  // 2026-11-01: at 2:00 AM CDT the clocks fall back to 1:00 AM CST (UTC-5 to UTC-6).
  it("follows the wall clock when daylight saving time ends", () => {
    const early = window({ startTime: "01:00 AM", endTime: "02:00 AM", daysActive: everyDay });
    expect(windowInForce(early, new Date("2026-11-01T05:59:00Z"))).toBe(false); // 00:59 CDT
    expect(windowInForce(early, new Date("2026-11-01T06:30:00Z"))).toBe(true); // 01:30 CDT
    expect(windowInForce(early, new Date("2026-11-01T07:30:00Z"))).toBe(true); // 01:30 CST, the repeated hour
    expect(windowInForce(early, new Date("2026-11-01T08:00:00Z"))).toBe(false); // 02:00 CST
    // Across midnight: Saturday 10 PM CDT to Sunday 2 AM CST lasts five hours of real time.
    const night = window({
      startTime: "10:00 PM",
      endTime: "02:00 AM",
      daysActive: { ...days, tuesday: false, saturday: true },
    });
    expect(windowInForce(night, new Date("2026-11-01T02:59:00Z"))).toBe(false); // Sat 21:59 CDT
    expect(windowInForce(night, new Date("2026-11-01T03:00:00Z"))).toBe(true); // Sat 22:00 CDT
    expect(windowInForce(night, new Date("2026-11-01T07:59:00Z"))).toBe(true); // Sun 01:59 CST
    expect(windowInForce(night, new Date("2026-11-01T08:00:00Z"))).toBe(false); // Sun 02:00 CST
  });
});
