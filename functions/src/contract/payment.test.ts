import { describe, expect, it } from "vitest";
import { IDEMPOTENCY_KEY_PATTERN, ZLpiPaymentInput, ZPaymentInput } from "./payment";

const utility = {
  paymentType: "UTILITY",
  nonce: "eyJub25jZSI6abcdef",
  amountCents: 5000,
  navilineCustomerId: "100234",
  navilineLocationId: "200345",
};

describe("ZPaymentInput", () => {
  it("takes a utility payment in integer cents with one way to pay", () => {
    expect(ZPaymentInput.parse(utility)).toMatchObject({ ...utility, autoPay: false, confirmPayAgain: false });
  });

  it("refuses dollars, amounts under $1, both or neither way to pay, and unknown fields", () => {
    expect(ZPaymentInput.safeParse({ ...utility, amountCents: 50.5 }).success).toBe(false);
    expect(ZPaymentInput.safeParse({ ...utility, amountCents: 99 }).success).toBe(false);
    expect(ZPaymentInput.safeParse({ ...utility, paymentProfileId: "9100000000000001" }).success).toBe(false);
    const { nonce: _, ...noMethod } = utility;
    expect(ZPaymentInput.safeParse(noMethod).success).toBe(false);
    expect(ZPaymentInput.safeParse({ ...utility, cardNumber: "4111111111111111" }).success).toBe(false);
  });

  it("needs the account for a utility bill and the license for a renewal", () => {
    expect(ZPaymentInput.safeParse({ ...utility, navilineLocationId: undefined }).success).toBe(false);
    expect(ZPaymentInput.safeParse({ ...utility, paymentType: "BUSINESS_LICENSE" }).success).toBe(false);
    const license = { licenseYear: "25", licenseNumber: "BL-1", licensePIN: "1234" };
    expect(ZPaymentInput.safeParse({ ...utility, paymentType: "BUSINESS_LICENSE", license }).success).toBe(true);
  });

  it("a form fee names the submission (a uuid) and a payment code, never anything else", () => {
    const formFee = { submissionId: "1b4e28ba-2fa1-4d3b-a3f5-ef19b5a7633b", paymentCode: "ALARM" };
    const fee = { ...utility, paymentType: "FORM_FEE", navilineCustomerId: undefined, navilineLocationId: undefined };
    expect(ZPaymentInput.safeParse(fee).success).toBe(false);
    expect(ZPaymentInput.safeParse({ ...fee, formFee }).success).toBe(true);
    expect(ZPaymentInput.safeParse({ ...fee, formFee: { ...formFee, submissionId: "../x" } }).success).toBe(false);
    expect(ZPaymentInput.safeParse({ ...fee, formFee: { ...formFee, paymentCode: "A B" } }).success).toBe(false);
    expect(ZPaymentInput.safeParse({ ...fee, formFee: { ...formFee, amountCents: 100 } }).success).toBe(false);
  });

  it("LPI payments name the CRM application", () => {
    const lpi = { nonce: "eyJub25jZSI6abcdef", amountCents: 2500, activityId: "a0L000000000001AAA" };
    expect(ZLpiPaymentInput.safeParse(lpi).success).toBe(true);
    expect(ZLpiPaymentInput.safeParse({ ...lpi, activityId: "../x" }).success).toBe(false);
  });
});

describe("Idempotency-Key", () => {
  it("is 1-255 letters, digits or hyphens", () => {
    expect(IDEMPOTENCY_KEY_PATTERN.test("0b6f5c9e-2f7d-4c1e-9d7a-0a1b2c3d4e5f")).toBe(true);
    expect(IDEMPOTENCY_KEY_PATTERN.test("a".repeat(255))).toBe(true);
    for (const bad of ["", "a".repeat(256), "has space", "semi;colon", "under_score"]) {
      expect(IDEMPOTENCY_KEY_PATTERN.test(bad)).toBe(false);
    }
  });
});
