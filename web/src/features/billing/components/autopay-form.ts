import { autopayKind } from "@contract/autopay";

export interface BankEntry {
  routingNumber: string;
  routingNumberConfirm: string;
  accountNumber: string;
  accountNumberConfirm: string;
  accountType: "" | "checking" | "savings";
}

/** The tab the modal opens on (spec 2 §4): S or C bank (when the bank tab exists), else card. */
export function initialTab(status: string | null | undefined, bankEnabled: boolean): "card" | "bank" {
  return bankEnabled && autopayKind(status) === "bank" ? "bank" : "card";
}

/** The bank tab's problems as translation keys (spec 2 §5), empty when it can be saved. */
export function bankProblems(entry: BankEntry): string[] {
  const values = [entry.routingNumber, entry.routingNumberConfirm, entry.accountNumber, entry.accountNumberConfirm];
  if (values.some((value) => value.trim() === "") || entry.accountType === "")
    return ["Billing.Autopay.FillAllBankFields"];
  const problems: string[] = [];
  if (entry.routingNumber.trim() !== entry.routingNumberConfirm.trim())
    problems.push("Billing.Autopay.RoutingMismatch");
  if (entry.accountNumber.trim() !== entry.accountNumberConfirm.trim())
    problems.push("Billing.Autopay.AccountMismatch");
  return problems;
}
