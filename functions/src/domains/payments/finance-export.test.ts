import { describe, expect, it } from "vitest";
import { cityDayStartMs } from "./finance-export.service";

describe("finance export: city days and times (America/Chicago)", () => {
  it("starts a day at midnight in Chicago, in standard and daylight time", () => {
    expect(new Date(cityDayStartMs("2026-11-27")).toISOString()).toBe("2026-11-27T06:00:00.000Z");
    expect(new Date(cityDayStartMs("2026-07-01")).toISOString()).toBe("2026-07-01T05:00:00.000Z");
    // The days the clocks change.
    expect(new Date(cityDayStartMs("2026-03-08")).toISOString()).toBe("2026-03-08T06:00:00.000Z");
    expect(new Date(cityDayStartMs("2026-11-01")).toISOString()).toBe("2026-11-01T05:00:00.000Z");
  });
});
