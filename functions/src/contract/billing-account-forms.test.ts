import { describe, expect, it } from "vitest";
import { normalizeCustomerId, normalizeStreetNumber } from "./billing-account";
import { splitAccountNumber, ZAddBillingAccountInput } from "./billing-account-forms";

describe("water account normalisation (spec 2 §5)", () => {
  it("strips leading zeros, also after a dash, and removes spaces", () => {
    expect(normalizeCustomerId("000123")).toBe("123");
    expect(normalizeCustomerId(" 00123 - 0045 ")).toBe("123-45");
    expect(normalizeCustomerId("0")).toBe("0");
    expect(normalizeStreetNumber(" 12 34 ")).toBe("1234");
  });

  it("splits an account number into customer and location ids", () => {
    expect(splitAccountNumber("0100007331-0200004099")).toEqual({ customerId: "100007331", locationId: "200004099" });
    expect(splitAccountNumber("100007331")).toBeNull();
    expect(splitAccountNumber("abc-1")).toBeNull();
  });

  it("normalises the API input and refuses what is not a number", () => {
    expect(
      ZAddBillingAccountInput.parse({ userId: "u", customerId: "00 12", locationId: "034", streetNumber: "1 5" }),
    ).toMatchObject({ customerId: "12", locationId: "34", streetNumber: "15" });
    expect(
      ZAddBillingAccountInput.safeParse({ userId: "u", customerId: "x", locationId: "1", streetNumber: "1" }).success,
    ).toBe(false);
  });
});
