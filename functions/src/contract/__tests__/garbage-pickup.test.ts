import { describe, expect, it } from "vitest";
import {
  calendarPickups,
  type HolidayId,
  holidaysOf,
  isLeafBagSeason,
  nextPickup,
  PICKUP_WEEKDAYS,
  pickupInWeek,
  pickupsAhead,
  weekdayOf,
  ZCalendarDay,
} from "../garbage-pickup";

/** The holidays of 2026-2028 as a printed calendar shows them. */
const HOLIDAY_DATES: Record<number, Record<HolidayId, string>> = {
  2026: {
    NewYearsDay: "2026-01-01",
    MemorialDay: "2026-05-25",
    IndependenceDay: "2026-07-04",
    LaborDay: "2026-09-07",
    ThanksgivingDay: "2026-11-26",
    ChristmasDay: "2026-12-25",
  },
  2027: {
    NewYearsDay: "2027-01-01",
    MemorialDay: "2027-05-31",
    IndependenceDay: "2027-07-04",
    LaborDay: "2027-09-06",
    ThanksgivingDay: "2027-11-25",
    ChristmasDay: "2027-12-25",
  },
  2028: {
    NewYearsDay: "2028-01-01",
    MemorialDay: "2028-05-29",
    IndependenceDay: "2028-07-04",
    LaborDay: "2028-09-04",
    ThanksgivingDay: "2028-11-23",
    ChristmasDay: "2028-12-25",
  },
};

/**
 * Where each regular pickup (Monday..Friday) lands in the holiday's week, by the holiday's weekday:
 * the pickups on or after the holiday move one day later; Friday goes to Saturday, never Sunday.
 * Holidays on a weekend move nothing.
 */
const LANDS_ON: Record<string, string[]> = {
  Monday: ["Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"],
  Tuesday: ["Monday", "Wednesday", "Thursday", "Friday", "Saturday"],
  Wednesday: ["Monday", "Tuesday", "Thursday", "Friday", "Saturday"],
  Thursday: ["Monday", "Tuesday", "Wednesday", "Friday", "Saturday"],
  Friday: ["Monday", "Tuesday", "Wednesday", "Thursday", "Saturday"],
  Saturday: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"],
  Sunday: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"],
};

const HOLIDAY_WEEKDAYS: Record<string, string> = {
  "2026-01-01": "Thursday",
  "2026-05-25": "Monday",
  "2026-07-04": "Saturday",
  "2026-09-07": "Monday",
  "2026-11-26": "Thursday",
  "2026-12-25": "Friday",
  "2027-01-01": "Friday",
  "2027-05-31": "Monday",
  "2027-07-04": "Sunday",
  "2027-09-06": "Monday",
  "2027-11-25": "Thursday",
  "2027-12-25": "Saturday",
  "2028-01-01": "Saturday",
  "2028-05-29": "Monday",
  "2028-07-04": "Tuesday",
  "2028-09-04": "Monday",
  "2028-11-23": "Thursday",
  "2028-12-25": "Monday",
};

describe("pickup holidays", () => {
  for (const year of [2026, 2027, 2028]) {
    it(`lists the six holidays of ${year} with the floating ones on their weekdays`, () => {
      const listed = Object.fromEntries(holidaysOf(year).map((holiday) => [holiday.id, holiday.day]));
      expect(listed).toEqual(HOLIDAY_DATES[year]);
      for (const day of Object.values(listed)) expect(weekdayOf(day)).toBe(HOLIDAY_WEEKDAYS[day]);
    });
  }
});

describe("holiday shift, every listed holiday of 2026-2028, each pickup day", () => {
  for (const year of [2026, 2027, 2028]) {
    for (const [holiday, day] of Object.entries(HOLIDAY_DATES[year] as Record<HolidayId, string>)) {
      const holidayWeekday = HOLIDAY_WEEKDAYS[day] as string;
      const moves = holidayWeekday !== "Saturday" && holidayWeekday !== "Sunday";
      PICKUP_WEEKDAYS.forEach((pickupDay, index) => {
        const expected = (LANDS_ON[holidayWeekday] as string[])[index];
        it(`${holiday} ${day} (${holidayWeekday}): ${pickupDay} pickup lands on ${expected}`, () => {
          const pickup = pickupInWeek(pickupDay, day);
          expect(weekdayOf(pickup.usualDay)).toBe(pickupDay);
          expect(weekdayOf(pickup.day)).toBe(expected);
          const moved = expected !== pickupDay;
          expect(pickup.holiday).toBe(moved ? holiday : null);
          if (moved) expect(moves).toBe(true);
          // The whole week shares one answer, whichever of its days is looked at.
          expect(pickupInWeek(pickupDay, pickup.usualDay)).toEqual(pickup);
        });
      });
    }
  }

  it("an ordinary week moves nothing", () => {
    for (const pickupDay of PICKUP_WEEKDAYS) {
      const pickup = pickupInWeek(pickupDay, "2026-11-10");
      expect(pickup).toEqual({ day: pickup.usualDay, usualDay: pickup.usualDay, holiday: null });
    }
  });
});

describe("next pickup", () => {
  it("in Thanksgiving week 2026 a Thursday pickup is on Friday this week", () => {
    expect(nextPickup("Thursday", "2026-11-24")).toEqual({
      day: "2026-11-27",
      usualDay: "2026-11-26",
      holiday: "ThanksgivingDay",
      week: "this",
    });
    // On the holiday itself the pickup is still ahead, the next day.
    expect(nextPickup("Thursday", "2026-11-26").day).toBe("2026-11-27");
  });

  it("once this week's pickup has passed it is next week's", () => {
    expect(nextPickup("Monday", "2026-11-24")).toEqual({
      day: "2026-11-30",
      usualDay: "2026-11-30",
      holiday: null,
      week: "next",
    });
    expect(nextPickup("Tuesday", "2026-09-05")).toMatchObject({ day: "2026-09-09", holiday: "LaborDay", week: "next" });
  });

  it("a year of Thursday pickups is 53 weeks; Friday holidays (Christmas 2026, New Year 2027) move nothing", () => {
    const pickups = pickupsAhead("Thursday", "2026-11-24", 53);
    expect(pickups).toHaveLength(53);
    expect(pickups[0]).toEqual({ day: "2026-11-27", usualDay: "2026-11-26", holiday: "ThanksgivingDay" });
    expect(pickups.filter((pickup) => pickup.holiday).map((pickup) => [pickup.day, pickup.holiday])).toEqual([
      ["2026-11-27", "ThanksgivingDay"],
      ["2027-06-04", "MemorialDay"],
      ["2027-09-10", "LaborDay"],
      ["2027-11-26", "ThanksgivingDay"],
    ]);
  });
});

describe("the iCalendar file's pickups", () => {
  it("start on or after the day asked for: a Monday pickup is not listed on the Wednesday after it", () => {
    const pickups = calendarPickups("Monday", "2026-12-02");
    expect(pickups).toHaveLength(53);
    expect(pickups[0]?.day).toBe("2026-12-07");
    expect(pickups.every((pickup) => pickup.day >= "2026-12-02")).toBe(true);
    // The week's own pickup, when still to come, is the first one.
    expect(calendarPickups("Thursday", "2026-11-24")[0]).toEqual({
      day: "2026-11-27",
      usualDay: "2026-11-26",
      holiday: "ThanksgivingDay",
    });
  });
});

describe("leaf-bag season and dates", () => {
  it("runs October 1 to November 30", () => {
    expect(isLeafBagSeason("2026-09-30")).toBe(false);
    expect(isLeafBagSeason("2026-10-01")).toBe(true);
    expect(isLeafBagSeason("2026-11-30")).toBe(true);
    expect(isLeafBagSeason("2026-12-01")).toBe(false);
  });

  it("accepts real calendar days only", () => {
    expect(ZCalendarDay.safeParse("2026-11-24").success).toBe(true);
    expect(ZCalendarDay.safeParse("2026-02-30").success).toBe(false);
    expect(ZCalendarDay.safeParse("2026-11-24T00:00").success).toBe(false);
  });
});
