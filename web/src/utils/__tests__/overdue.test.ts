import { cityToday } from "@contract/city-time";
import { describe, expect, it } from "vitest";
import { isOverdue } from "../overdue";

describe("overdue bills (issue 32)", () => {
  it("calls a bill overdue only after its due day by the city's today, and only while it still owes", () => {
    // 10:37 PM in Chicago on Nov 27 is already Nov 28 in UTC: a bill due Nov 27 is not overdue yet.
    const today = cityToday(new Date("2026-11-28T04:37:00Z"));
    expect(today).toBe("2026-11-27");
    expect(isOverdue("2026-11-26", 3898, today)).toBe(true);
    expect(isOverdue("2026-11-27", 3898, today)).toBe(false);
    expect(isOverdue("2026-11-26", 0, today)).toBe(false);
    expect(isOverdue(null, 3898, today)).toBe(false);
  });
});
