import { describe, expect, it } from "vitest";
import { cityDateTime, cityToday, cityWallClock } from "./city-time";

describe("the city's wall clock (America/Chicago)", () => {
  it("gives the city's day, time, weekday and offset, across the change to and from daylight time", () => {
    expect(cityWallClock(new Date("2026-11-27T00:30:00Z"))).toEqual({
      date: "2026-11-26",
      hour: 18,
      minute: 30,
      second: 0,
      minutes: 18 * 60 + 30,
      weekday: "thursday",
      offset: "-06:00",
    });
    expect(cityWallClock(new Date("2026-07-01T23:00:00Z"))).toMatchObject({
      date: "2026-07-01",
      hour: 18,
      offset: "-05:00",
    });
    // 2026-03-08 02:00 CST is 03:00 CDT: 07:59Z is 01:59 CST, 08:00Z is 03:00 CDT.
    expect(cityWallClock(new Date("2026-03-08T07:59:00Z"))).toMatchObject({ hour: 1, minute: 59, offset: "-06:00" });
    expect(cityWallClock(new Date("2026-03-08T08:00:00Z"))).toMatchObject({ hour: 3, minute: 0, offset: "-05:00" });
  });

  it("writes midnight as hour 0, not 24", () => {
    expect(cityWallClock(new Date("2026-11-28T06:00:00Z"))).toMatchObject({ date: "2026-11-28", hour: 0, minutes: 0 });
  });

  it("gives the city's day, which is UTC's day before at night", () => {
    expect(cityToday(new Date("2026-11-28T05:59:00Z"))).toBe("2026-11-27");
    expect(cityToday(new Date("2026-11-28T06:00:00Z"))).toBe("2026-11-28");
  });

  it("writes an instant as ISO 8601 with the city's offset", () => {
    expect(cityDateTime("2026-11-28T12:03:00Z")).toBe("2026-11-28T06:03:00-06:00");
    expect(cityDateTime(new Date("2026-07-04T17:00:00.000Z"))).toBe("2026-07-04T12:00:00-05:00");
    expect(cityDateTime(null)).toBeNull();
    expect(cityDateTime("not a date")).toBeNull();
  });
});
