import { describe, expect, it } from "vitest";
import {
  FORM_FEE_ACCOUNT_NUMBER,
  FORM_FEE_ACCOUNT_TYPE,
  MINIMUM_LICENSE_YEAR,
  MINIMUM_PAYMENT_CENTS,
  PAYMENT_CODE_GROUPS,
  PAYMENT_TYPES,
  PERMIT_ACCOUNT_TYPE,
  paymentCodeGroup,
} from "./payment-constants";

// Spec 2 §9 constants the audit (shared/audits/spec-2-items.md, K4 and K5) found untested.
describe("payment types and code groups (spec 2 §9)", () => {
  it("pays utility bills, permits, licence renewals and form fees; PERMIT is the case fee's account type", () => {
    expect(PAYMENT_TYPES).toEqual(["UTILITY", "BUSINESS_LICENSE", "FORM_FEE", "PERMIT"]);
    expect(PERMIT_ACCOUNT_TYPE).toBe("PERMIT");
    expect(FORM_FEE_ACCOUNT_NUMBER).toBe("000000000-000000000");
    expect(FORM_FEE_ACCOUNT_TYPE).toBe("Form Fee");
  });

  it("books every payment under one of MISC, BUILDING, UTILITY, PERMIT", () => {
    expect(PAYMENT_CODE_GROUPS).toEqual(["MISC", "BUILDING", "UTILITY", "PERMIT"]);
    expect(paymentCodeGroup("UTILITY", null)).toBe("UTILITY");
    // A utility bill stays UTILITY whatever code it carries.
    expect(paymentCodeGroup("UTILITY", "BLDPRMT")).toBe("UTILITY");
    expect(paymentCodeGroup("BUSINESS_LICENSE", null)).toBe("PERMIT");
    expect(paymentCodeGroup("PERMIT", "BLDPRMT")).toBe("BUILDING");
    expect(paymentCodeGroup("LPI", "LPIFEE")).toBe("BUILDING");
    expect(paymentCodeGroup("FORM_FEE", "ZONEINQ")).toBe("PERMIT");
    expect(paymentCodeGroup("FORM_FEE", "GENSVC")).toBe("MISC");
  });

  it("books a payment without a code, or with a code nobody mapped, as MISC", () => {
    expect(paymentCodeGroup("FORM_FEE", null)).toBe("MISC");
    expect(paymentCodeGroup("PERMIT", "NOT-A-CODE")).toBe("MISC");
    // Object.prototype's names are not codes.
    expect(paymentCodeGroup("PERMIT", "constructor")).toBe("MISC");
  });

  it("the minimum payment is $1 (in cents) and the licence year minimum 2020", () => {
    expect(MINIMUM_PAYMENT_CENTS).toBe(100);
    expect(MINIMUM_LICENSE_YEAR).toBe(2020);
  });
});
