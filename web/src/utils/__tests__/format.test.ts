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

  it.each([null, undefined, "", "not a date"])("shows nothing for %s", (value) => {
    expect(formatDate(value)).toBe("");
  });
});
