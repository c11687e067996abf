import { describe, expect, it } from "vitest";
import { type BenchRow, goalMet } from "../bench/table.ts";

const row = (value: number | null, goal?: BenchRow["goal"]): BenchRow => ({
  section: "s",
  row: "r",
  measure: "p95",
  value,
  unit: "ms",
  goal,
});

describe("bench table: whether a row met its goal", () => {
  it("compares a measured value with an at-most or at-least goal", () => {
    expect(goalMet(row(90, { atMost: 100 }))).toBe(true);
    expect(goalMet(row(110, { atMost: 100 }))).toBe(false);
    expect(goalMet(row(5, { atLeast: 10 }))).toBe(false);
    expect(goalMet(row(10, { atLeast: 10 }))).toBe(true);
  });

  it("counts a missing or NaN value as not met (it once printed 'NaN ✔')", () => {
    expect(goalMet(row(Number.NaN, { atMost: 100 }))).toBe(false);
    expect(goalMet(row(null, { atLeast: 10 }))).toBe(false);
    expect(goalMet(row(Number.POSITIVE_INFINITY, { atMost: 100 }))).toBe(false);
  });

  it("has no verdict for a row without a goal", () => {
    expect(goalMet(row(Number.NaN))).toBeUndefined();
    expect(goalMet(row(3))).toBeUndefined();
  });
});
