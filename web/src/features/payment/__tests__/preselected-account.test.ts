import type { BillingAccountSummary } from "@contract/messages";
import { describe, expect, it } from "vitest";
import { preselectedAccount } from "../components/guest-payment";

const account = (accountNumber: string, amountDueCents: number, dueDate: string | null): BillingAccountSummary => {
  const [customerId = "", locationId = ""] = accountNumber.split("-");
  return { Id: accountNumber, customerId, locationId, accountNumber, serviceAddress: null, amountDueCents, dueDate };
};

describe("the linked account /payment opens with", () => {
  const paid = account("100-1", 0, "2026-11-01");
  const dueLater = account("200-2", 3898, "2026-12-20");
  const dueFirst = account("300-3", 1500, "2026-12-05");

  it("is the one the link named, by account number or customer id", () => {
    expect(preselectedAccount([paid, dueLater, dueFirst], "200-2")).toBe(dueLater);
    expect(preselectedAccount([paid, dueLater, dueFirst], "100")).toBe(paid);
  });

  it("without a name, or naming someone else's account, is the owing one due first", () => {
    expect(preselectedAccount([paid, dueLater, dueFirst], "")).toBe(dueFirst);
    expect(preselectedAccount([paid, dueLater, dueFirst], "999-9")).toBe(dueFirst);
  });

  it("is the first when nothing is owed, and none without accounts", () => {
    expect(preselectedAccount([paid, account("400-4", -500, null)], "")).toBe(paid);
    expect(preselectedAccount([], "200-2")).toBeNull();
  });
});
