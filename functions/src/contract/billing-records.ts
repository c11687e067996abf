/** Billing records of the caller's (or an organization's) water accounts (spec 2 §3). Money in integer cents. */

export interface DelinquentStatus {
  type: string;
  amountCents: number;
  /** YYYY-MM-DD */
  date: string;
  accountNumber: string;
}

export interface BillingItem {
  accountNumber: string;
  billId: string;
  type: string;
  amountDueWithoutPendingCents: number;
  currentBalanceCents: number;
  billDate: string;
  dueDate: string;
  /** A link the browser opens to view the bill's PDF. */
  pdfLink: string;
}

export interface BillingHistoryMonth {
  accountNumber: string;
  billDate: string;
  gallons: number;
  billedUnits: number;
  amountCents: number;
}

/** GET /api/naviline/getbillinghistory */
export interface BillingHistoryResponse {
  historyMonthly: BillingHistoryMonth[];
  totalAmountDueCents: number;
  accountDelinquentStatuses: DelinquentStatus[];
  /** Newest first across the accounts. */
  bills: BillingItem[];
}

/** GET /api/naviline/paymenthistory: one row per payment, newest first. */
export interface PaymentHistoryRow {
  /** Unique within the answer. */
  id: string;
  paymentDate: string;
  accountNumber: string;
  amountCents: number;
}

/** GET /api/naviline/paymenthistoryv2 */
export interface PaymentHistoryV2Response {
  payments: PaymentHistoryRow[];
  /** Month as YYYY-MM, oldest first, summed across the accounts. */
  monthlyTotals: { month: string; amountCents: number }[];
}
