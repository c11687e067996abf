import { describe, expect, it } from "vitest";
import { autopayCardOptions, bankProblems, initialTab } from "../components/autopay-form";

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

describe("autopay card choices (EnableCORE)", () => {
  const legacy = [
    {
      Id: "91",
      Token: "91",
      MaskedAccountNumber: "XXXX1111",
      Type: "card" as const,
      ProfileDescription: "Visa",
      Default: true,
    },
    {
      Id: "92",
      Token: "92",
      MaskedAccountNumber: "XXXX6789",
      Type: "bank" as const,
      ProfileDescription: "checking",
      Default: false,
    },
  ];
  const core = [{ id: "70", name: "Maria Lopez", card_type: "MasterCard", accountnum: "****4444" }];

  it("offers the legacy cards (not bank profiles) and then the CORE stored methods", () => {
    expect(autopayCardOptions(legacy, core)).toEqual([
      { value: "91", label: "Visa XXXX1111" },
      { value: "70", label: "MasterCard ****4444" },
    ]);
  });

  it("offers only the legacy cards when there are no CORE methods (EnableCORE off)", () => {
    expect(autopayCardOptions(legacy, undefined)).toEqual([{ value: "91", label: "Visa XXXX1111" }]);
    expect(autopayCardOptions(undefined, undefined)).toEqual([]);
  });
});
