import { describe, expect, it } from "vitest";
import { bankProblems, initialTab } from "../components/autopay-form";

const filled = {
  routingNumber: "021000021",
  routingNumberConfirm: "021000021",
  accountNumber: "000123456",
  accountNumberConfirm: "000123456",
  accountType: "checking" as const,
};

describe("autopay modal rules (spec 2 §4, §5)", () => {
  it("opens on the bank tab for S and C when the bank tab exists, else on the card tab", () => {
    expect(initialTab("C", true)).toBe("bank");
    expect(initialTab("S", true)).toBe("bank");
    expect(initialTab("R", true)).toBe("card");
    expect(initialTab("", true)).toBe("card");
    expect(initialTab("C", false)).toBe("card");
  });

  it("needs every bank field, and both numbers typed twice the same", () => {
    expect(bankProblems(filled)).toEqual([]);
    expect(bankProblems({ ...filled, accountType: "" })).toEqual(["Billing.Autopay.FillAllBankFields"]);
    expect(bankProblems({ ...filled, routingNumberConfirm: "" })).toEqual(["Billing.Autopay.FillAllBankFields"]);
    expect(bankProblems({ ...filled, routingNumberConfirm: "021000022" })).toEqual(["Billing.Autopay.RoutingMismatch"]);
    expect(bankProblems({ ...filled, accountNumberConfirm: "1" })).toEqual(["Billing.Autopay.AccountMismatch"]);
  });
});
