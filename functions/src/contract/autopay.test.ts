import { describe, expect, it } from "vitest";
import { cardExpiresBeforeDue } from "./autopay";

describe("cardExpiresBeforeDue (spec 2: the autopay summary warns when the card expires before the next due date)", () => {
  it("treats a card as valid through the last day of its expiry month", () => {
    // Month end: a card ending November pays a bill due November 30, not one due December 1.
    expect(cardExpiresBeforeDue("2026-11", "2026-11-30")).toBe(false);
    expect(cardExpiresBeforeDue("2026-11", "2026-12-01")).toBe(true);
    // February of a leap year: the 29th is still inside the expiry month.
    expect(cardExpiresBeforeDue("2028-02", "2028-02-29")).toBe(false);
    expect(cardExpiresBeforeDue("2028-02", "2028-03-01")).toBe(true);
  });

  it("does not warn when the card expires in the due date's month", () => {
    expect(cardExpiresBeforeDue("2026-12", "2026-12-01")).toBe(false);
    expect(cardExpiresBeforeDue("2026-12", "2026-12-22")).toBe(false);
  });

  it("warns across a year end and for a card that has already expired", () => {
    expect(cardExpiresBeforeDue("2026-12", "2027-01-22")).toBe(true);
    expect(cardExpiresBeforeDue("2025-10", "2026-11-22")).toBe(true);
    expect(cardExpiresBeforeDue("2039-12", "2026-11-22")).toBe(false);
  });

  it("does not warn without a due date or an expiry, or with ones it cannot read", () => {
    expect(cardExpiresBeforeDue("2026-11", null)).toBe(false);
    expect(cardExpiresBeforeDue("2026-11", undefined)).toBe(false);
    expect(cardExpiresBeforeDue("2026-11", "")).toBe(false);
    expect(cardExpiresBeforeDue(null, "2026-12-22")).toBe(false);
    expect(cardExpiresBeforeDue("XXXX", "2026-12-22")).toBe(false);
    expect(cardExpiresBeforeDue("2026-11", "12/22/2026")).toBe(false);
  });
});
