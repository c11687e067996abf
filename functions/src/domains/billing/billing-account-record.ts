import type {
  BillingHistory,
  BillingItem,
  PaymentHistoryEntry,
  UtilityAccountRef,
} from "../../connectors/billing/types";
import type { BillingAccountRecord } from "../../contract/billing-account-record";

/**
 * The billing account record (spec 2 §3) of one water account, from the billing connector's answers (its
 * conversions: cents, ISO dates) as the billing records routes fetch them; nothing is fetched or stored here.
 */
export function billingAccountRecord(
  account: UtilityAccountRef,
  answers: { history: BillingHistory; bills: readonly BillingItem[]; payments: readonly PaymentHistoryEntry[] },
): BillingAccountRecord {
  const months = [...answers.history.historyMonthly].sort((a, b) => b.billDate.localeCompare(a.billDate));
  return {
    accountInfo: { customerId: account.customerId, locationId: account.locationId, type: "UTILITY" },
    upcomingBills: answers.bills
      .filter((bill) => bill.amountDueWithoutPendingCents > 0)
      .map((bill) => ({ amountCents: bill.amountDueWithoutPendingCents, type: bill.type, dueDate: bill.dueDate }))
      .sort((a, b) => a.dueDate.localeCompare(b.dueDate)),
    pastPayments: [...answers.payments]
      .sort((a, b) => b.paymentDate.localeCompare(a.paymentDate))
      .map((payment) => {
        const paid = months.find((month) => month.billDate <= payment.paymentDate);
        return {
          paymentDate: payment.paymentDate,
          amountCents: payment.amountCents,
          gallons: paid?.gallons ?? null,
          billedUnits: paid?.billedUnits ?? null,
        };
      }),
  };
}
