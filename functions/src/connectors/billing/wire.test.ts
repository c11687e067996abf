import { describe, expect, it } from "vitest";
import { centsFromLegacy, isoFromLegacyDate } from "./wire";

// Spec 2 §5 (audit item V2): the billing system writes a negative amount due with a trailing minus.
describe("the billing system's legacy values", () => {
  it("reads cents, a trailing minus as a negative amount (a credit), and refuses anything else", () => {
    expect(centsFromLegacy("3898")).toBe(3898);
    expect(centsFromLegacy(" 1250- ")).toBe(-1250);
    expect(centsFromLegacy("0")).toBe(0);
    expect(centsFromLegacy(1250)).toBe(1250);
    for (const bad of ["-1250", "12.50", "", "12a", null]) expect(() => centsFromLegacy(bad)).toThrow();
  });

  it("reads YYYYMMDD dates; blank stays blank", () => {
    expect(isoFromLegacyDate("20261220")).toBe("2026-12-20");
    expect(isoFromLegacyDate("")).toBe("");
    expect(() => isoFromLegacyDate("2026-12-20")).toThrow();
  });
});
