import { autopayKind } from "@contract/autopay";
import type { CoreStoredPayment, PaymentProfile } from "@contract/payment-methods";
import { ApiError } from "@/lib/api-client";

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

/**
 * The card tab's choices: the legacy gateway's saved cards, then (EnableCORE) the CORE stored
 * methods, labelled as the saved-methods list labels them.
 */
export function autopayCardOptions(
  profiles: readonly PaymentProfile[] | undefined,
  coreMethods: readonly CoreStoredPayment[] | undefined,
): { value: string; label: string }[] {
  return [
    ...(profiles ?? [])
      .filter((profile) => profile.Type === "card")
      .map((profile) => ({ value: profile.Id, label: `${profile.ProfileDescription} ${profile.MaskedAccountNumber}` })),
    ...(coreMethods ?? []).map((method) => ({ value: method.id, label: `${method.card_type} ${method.accountnum}` })),
  ];
}

/** One line of the modal's error box: a translation key, or the server's own words (spec 2 §8 X4). */
export type AutopayProblem = { key: string } | { text: string };

/**
 * What a failed save says (spec 2 §8): a 422 on the bank tab is the invalid-bank notice and
 * AutopaySaveError (X3); another error shows the server's message (X4). The server names a
 * translation key in its field errors where it has one, so Spanish pages stay Spanish; its plain
 * messages are English, so only an English page shows them, and otherwise AutopaySaveError.
 */
export function autopaySaveProblems(
  cause: unknown,
  tab: "card" | "bank",
  { known, english }: { known: (key: string) => boolean; english: boolean },
): AutopayProblem[] {
  const generic = { key: "Billing.AutopaySaveError" };
  if (!(cause instanceof ApiError)) return [generic];
  if (cause.status === 422 && tab === "bank") return [{ key: "Billing.Autopay.InvalidBank" }, generic];
  const key = Object.values(cause.fields).find(known);
  if (key) return [{ key }];
  const fromServer = cause.code !== "network" && cause.code !== "unknown" && cause.message.trim() !== "";
  return english && fromServer ? [{ text: cause.message }] : [generic];
}
