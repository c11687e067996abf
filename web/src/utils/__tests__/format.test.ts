import { describe, expect, it } from "vitest";
import {
  formatActivityTime,
  formatCents,
  formatDate,
  formatDollars,
  formatNewsDate,
  formatShortDate,
  formatShortDateTime,
} from "../format";
import { formatInstantDate, formatInstantNewsDate } from "../format-instant";

describe("money (spec 1 §9)", () => {
  it.each([
    [0, "$0.00"],
    [1250, "$12.50"],
    [-1250, "-$12.50"],
    [5, "$0.05"],
    [123456789, "$1,234,567.89"],
    [-1, "-$0.01"],
  ])("cents %i as %s", (cents, expected) => {
    expect(formatCents(cents)).toBe(expected);
  });

  it.each([
    [12.5, "$12.50"],
    [-12.5, "-$12.50"],
    [99.999, "$100.00"],
    [-0.001, "$0.00"],
    [1000, "$1,000.00"],
  ])("dollars %d as %s", (dollars, expected) => {
    expect(formatDollars(dollars)).toBe(expected);
  });
});

describe("dates in America/Chicago (spec 1 §9)", () => {
  // 2024-03-05 04:30 UTC is the evening of March 4 in Chicago (CST, UTC-6).
  const lateEvening = "2024-03-05T04:30:00Z";
  // 2024-07-01 17:05 UTC is 12:05 PM in Chicago (CDT, UTC-5).
  const summerNoon = "2024-07-01T17:05:00Z";

  it("MM/DD/YYYY uses the Chicago calendar day", () => {
    expect(formatDate(lateEvening)).toBe("03/04/2024");
  });

  it("activity time MM/DD/YYYY h:mm A", () => {
    expect(formatActivityTime(lateEvening)).toBe("03/04/2024 10:30 PM");
    expect(formatActivityTime(summerNoon)).toBe("07/01/2024 12:05 PM");
  });

  it("news MMMM DD, YYYY", () => {
    expect(formatNewsDate(summerNoon)).toBe("July 01, 2024");
  });

  it("MM-DD-YY h:mm A and MM/DD/YY", () => {
    expect(formatShortDateTime(lateEvening)).toBe("03-04-24 10:30 PM");
    expect(formatShortDate(summerNoon)).toBe("07/01/24");
  });

  it("accepts Date and epoch milliseconds", () => {
    expect(formatDate(new Date(summerNoon))).toBe("07/01/2024");
    expect(formatDate(Date.parse(summerNoon))).toBe("07/01/2024");
  });

  it("in Spanish, names the month in Spanish, in Chicago's day and time (issue 28)", () => {
    expect(formatDate(lateEvening, "es")).toBe("4 mar 2024");
    expect(formatNewsDate(summerNoon, "es")).toBe("1 de julio de 2024");
    expect(formatActivityTime(lateEvening, "es")).toMatch(/^4 mar 2024,? 10:30\sp\.\s?m\.$/);
    expect(formatShortDate(summerNoon, "es")).toBe("1 jul 2024");
  });

  it("follows the page's language when none is given", () => {
    document.documentElement.lang = "es";
    try {
      expect(formatDate(lateEvening)).toBe("4 mar 2024");
    } finally {
      document.documentElement.lang = "en";
    }
    expect(formatDate(lateEvening)).toBe("03/04/2024");
  });

  it.each([null, undefined, "", "not a date"])("shows nothing for %s", (value) => {
    expect(formatDate(value)).toBe("");
  });
});

describe("format-instant (Intl, for the home page's panels)", () => {
  it("gives format.ts's news date and MM/DD/YYYY for an API instant, across DST and the day line", () => {
    const instants = [
      "2024-03-10T07:59:00.000Z",
      "2024-03-10T08:01:00.000Z",
      "2024-11-03T06:30:00.000Z",
      "2024-11-03T07:30:00.000Z",
      "2024-07-01T04:59:59.000Z",
      "2024-07-01T05:00:00.000Z",
      "2024-12-31T23:59:59.000Z",
      "2025-01-01T06:00:00.000Z",
    ];
    for (const iso of instants) {
      for (const language of ["en", "es"] as const) {
        expect(formatInstantNewsDate(iso, language)).toBe(formatNewsDate(iso, language));
        expect(formatInstantDate(iso, language)).toBe(formatDate(iso, language));
      }
    }
    expect(formatInstantNewsDate("")).toBe("");
    expect(formatInstantDate("not a date")).toBe("");
  });
});
