import { describe, expect, it } from "vitest";
import { EMPTY_WINDOW, formProblems, fromWindowForm, toWindowForm } from "../window-form";

const complete = {
  ...EMPTY_WINDOW,
  englishText: "Down",
  spanishText: "Caído",
  startClock: "10:00",
  startMeridiem: "PM" as const,
  endClock: "02:00",
};

describe("maintenance modal steps (spec 3 §5)", () => {
  it("step 0 passes a disabled warning with nothing else filled in", () => {
    expect(formProblems({ ...EMPTY_WINDOW, enabled: false }, false)).toEqual({});
    expect(Object.keys(formProblems(EMPTY_WINDOW, false)).sort()).toEqual(
      ["endTime", "englishText", "spanishText", "startTime"].sort(),
    );
  });

  it("step 1 needs every field even when the period is disabled", () => {
    expect(Object.keys(formProblems({ ...EMPTY_WINDOW, enabled: false }, true))).toContain("startTime");
    expect(formProblems(complete, true)).toEqual({});
  });

  it("needs hour 01-12 and minute 00-59", () => {
    expect(formProblems({ ...complete, startClock: "13:00" }, true)).toHaveProperty("startTime");
    expect(formProblems({ ...complete, startClock: "00:10" }, true)).toHaveProperty("startTime");
    expect(formProblems({ ...complete, endClock: "11:60" }, true)).toHaveProperty("endTime");
    expect(formProblems({ ...complete, endClock: "9:30" }, true)).toHaveProperty("endTime");
  });

  it("round-trips a stored window", () => {
    const stored = fromWindowForm({ ...complete, startDate: "2026-12-01" });
    expect(stored).toMatchObject({
      startTime: "10:00 PM",
      endTime: "02:00 AM",
      startDate: "2026-12-01",
      endDate: null,
    });
    expect(toWindowForm(stored)).toEqual({ ...complete, startDate: "2026-12-01" });
  });
});
