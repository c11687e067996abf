import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/api-client";
import en from "@/locales/en.json";
import { autopayCardOptions, autopaySaveProblems, bankProblems, initialTab } from "../components/autopay-form";

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

describe("what a failed autopay save says (spec 2 §8 X3, X4)", () => {
  // A key exists when the English resource has it, as i18n.exists answers.
  const known = (key: string) =>
    key.split(".").reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], en) !==
    undefined;
  const page = (english: boolean) => ({ known, english });

  it("a 422 on the bank tab is the invalid-bank notice and the save error", () => {
    const invalid = new ApiError(422, "rejected", "Routing number rejected by the bank.");
    expect(autopaySaveProblems(invalid, "bank", page(true))).toEqual([
      { key: "Billing.Autopay.InvalidBank" },
      { key: "Billing.AutopaySaveError" },
    ]);
  });

  it("another error shows the server's message, translated where the server names a key", () => {
    const refused = new ApiError(403, "forbidden", "Autopay from a bank account is not available.", {
      routingNumber: "Billing.Autopay.BankUnavailable",
    });
    expect(autopaySaveProblems(refused, "bank", page(false))).toEqual([{ key: "Billing.Autopay.BankUnavailable" }]);
    const plain = new ApiError(404, "not_found", "No such water account of yours.");
    expect(autopaySaveProblems(plain, "card", page(true))).toEqual([{ text: "No such water account of yours." }]);
  });

  it("a Spanish page never shows the server's English words; a network failure is the save error", () => {
    const plain = new ApiError(404, "not_found", "No such water account of yours.");
    expect(autopaySaveProblems(plain, "card", page(false))).toEqual([{ key: "Billing.AutopaySaveError" }]);
    const offline = new ApiError(0, "network", "Failed to fetch");
    expect(autopaySaveProblems(offline, "card", page(true))).toEqual([{ key: "Billing.AutopaySaveError" }]);
    expect(autopaySaveProblems(new Error("boom"), "card", page(true))).toEqual([{ key: "Billing.AutopaySaveError" }]);
  });
});
