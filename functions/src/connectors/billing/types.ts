import type { BillingItem as ContractBillingItem, DelinquentStatus } from "../../contract/billing-records";
import type { PermitDetail, PermitRow } from "../../contract/permits";

/**
 * The utility billing and permits system ("Naviline"). Money is integer cents (fields end in
 * `Cents`), read once from the system's legacy amounts here; the two API answers whose dollars the
 * spec fixes (the account lookup, the license fee result) divide at the route. Dates are ISO (YYYY-MM-DD).
 */
export interface BillingConnector {
  /** Guest lookup. ErrorCode '0000' means found; any other code is passed on, as the spec shows it. */
  lookupAccount(accountNumber: string): Promise<AccountLookup>;
  /** Links a customer/location to a portal user after checking the service address's street number. */
  linkAccount(request: LinkRequest): Promise<LinkResult>;
  unlinkAccount(request: { webUserId: string } & UtilityAccountRef): Promise<void>;
  billingHistory(account: UtilityAccountRef): Promise<BillingHistory>;
  /** Bills newest first, each with a link to its PDF that a browser can open. */
  bills(account: UtilityAccountRef): Promise<BillingItem[]>;
  paymentHistory(account: UtilityAccountRef): Promise<PaymentHistoryEntry[]>;
  paymentHistoryV2(account: UtilityAccountRef): Promise<PaymentHistoryV2>;
  /** Posts a gateway-approved payment to the account; the same idempotency key never posts twice. */
  postPayment(request: PostPaymentRequest): Promise<{ routingIds: string[] }>;
  autopayStatus(account: UtilityAccountRef): Promise<AutopayEnrolment | null>;
  enrolAutopay(account: UtilityAccountRef, method: AutopayMethod): Promise<AutopayEnrolment>;
  removeAutopay(autopayId: string): Promise<void>;
  searchPermits(criteria: PermitSearch): Promise<PermitRow[]>;
  /** Unknown permits answer an ErrorCode (not a throw): the portal shows it in an alert. */
  permitDetail(year: number, applicationNumber: string): Promise<PermitDetail>;
  calculateLicenseFees(request: LicenseFeeRequest): Promise<LicenseFeeResult>;
}

export interface UtilityAccountRef {
  customerId: string;
  locationId: string;
}

export interface AccountLookup {
  OutputParms: {
    ErrorCode: string;
    /** Negative when the customer has a credit. */
    AmountDueWithoutPendingCents: number;
    DueDateOfLastBill: string;
    /** The account's ids as the billing system keeps them (empty when not found): what a payment names. */
    CustomerId: string;
    LocationId: string;
  };
}

export interface LinkRequest extends UtilityAccountRef {
  webUserId: string;
  streetNumber: string;
}

export type LinkResult =
  | { linked: true; serviceAddress: string }
  /** The API answers this with 400 `utility-account-street-number-mismatch`. */
  | { linked: false; reason: "utility-account-street-number-mismatch" };

export interface BillingHistory {
  historyMonthly: { billDate: string; gallons: number; billedUnits: number; amountCents: number }[];
  totalAmountDueCents: number;
  accountDelinquentStatuses: DelinquentStatus[];
}

/** The portal contract's shapes: a delinquent status as the API answers it, a bill before the route names its account. */
export type { DelinquentStatus };
export type BillingItem = Omit<ContractBillingItem, "accountNumber">;

export interface PaymentHistoryEntry {
  paymentDate: string;
  amountCents: number;
}

export interface PaymentHistoryV2 {
  payments: { paymentId: string; paymentDate: string; amountCents: number; method: string; routingIds: string[] }[];
  /** Month as YYYY-MM. */
  monthlyTotals: { month: string; amountCents: number }[];
}

export interface PostPaymentRequest extends UtilityAccountRef {
  amountCents: number;
  gatewayTransactionId: string;
  method: "CARD" | "ACH";
  idempotencyKey: string;
}

/** S savings and C checking (both bank/ACH), R recurring card. */
export type AutopayStatusCode = "S" | "C" | "R";

export interface AutopayEnrolment {
  autopayId: string;
  status: AutopayStatusCode;
  paymentProfileId: string | null;
}

export type AutopayMethod =
  | { kind: "card"; paymentProfileId: string }
  | { kind: "bank"; routingNumber: string; accountNumber: string; accountType: "checking" | "savings" };

export type PermitSearch =
  | { streetName: string; streetNumber?: string }
  | { ownerName: string }
  | { parcelNumber: string };

/** The permit system answers in the portal contract's shapes (spec 3 §3). */
export type { PermitDetail, PermitRow };

export interface LicenseFeeRequest {
  /** Last two digits of the license year, e.g. '25'. */
  licenseYear: string;
  licenseNumber: string;
  licensePIN: string;
}

export interface LicenseFeeResult {
  success: boolean;
  feeCents: number;
  penaltyCents: number;
  message: string;
}
