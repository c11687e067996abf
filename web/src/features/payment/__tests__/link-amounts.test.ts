import { describe, expect, it } from "vitest";
import { linkAmounts } from "../link-amounts";

/** Spec 2 §2: /payment's amount, penaltyAmount and accountYear, read for display only. */
describe("linkAmounts", () => {
  it.each([
    ["amount=38.98", { amountCents: 3898, penaltyCents: 0, year: null }],
    ["amount=41&penaltyAmount=2.5&accountYear=2026", { amountCents: 4100, penaltyCents: 250, year: 2026 }],
    ["amount=1,250.00&accountYear=26", { amountCents: 125_000, penaltyCents: 0, year: null }],
    ["amount=10.00&accountYear=1999", { amountCents: 1000, penaltyCents: 0, year: null }],
  ])("%s", (query, expected) => {
    expect(linkAmounts(new URLSearchParams(query))).toEqual(expected);
  });

  it.each([
    "",
    "penaltyAmount=2.50&accountYear=2026",
    "amount=abc",
    "amount=-5",
    "amount=10&penaltyAmount=x",
    "amount=100000000",
  ])("names no amount to show: %s", (query) => {
    expect(linkAmounts(new URLSearchParams(query))).toBeNull();
  });
});
