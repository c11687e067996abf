import { ConnectorError } from "../../platform/connector-error";
import { callBilling, guard, type OutputParms, requireSuccess, SYSTEM } from "./client";
import { type BillingConfig, billingConfigFromEnv } from "./config";
import type {
  AutopayEnrolment,
  AutopayStatusCode,
  BillingConnector,
  BillingItem,
  PermitDetail,
  PermitRow,
  UtilityAccountRef,
} from "./types";
import { centsFromLegacy, isoFromLegacyDate, OK } from "./wire";

const list = (value: unknown): Record<string, unknown>[] => (Array.isArray(value) ? value : []);
const str = (value: unknown) => (value === undefined || value === null ? "" : String(value));
const accountPath = ({ customerId, locationId }: UtilityAccountRef) =>
  `/api/v1/accounts/${encodeURIComponent(customerId)}/${encodeURIComponent(locationId)}`;

/** The real adapter: JSON over HTTP to the billing system, configured from the environment. */
export function createHttpBillingConnector(fixedConfig?: BillingConfig): BillingConnector {
  const config = () => fixedConfig ?? billingConfigFromEnv();
  const call = (method: string, path: string, options?: { body?: unknown; idempotencyKey?: string }) =>
    callBilling(config(), method, path, options);

  return {
    lookupAccount: (accountNumber) =>
      guard(async () => {
        const { output } = await call("GET", `/api/v1/accounts/${encodeURIComponent(accountNumber.trim())}`);
        const found = output.ErrorCode === OK;
        return {
          OutputParms: {
            ErrorCode: str(output.ErrorCode),
            AmountDueWithoutPendingCents: found ? centsFromLegacy(output.AmountDueWithoutPending) : 0,
            DueDateOfLastBill: found ? isoFromLegacyDate(output.DueDateOfLastBill) : "",
            CustomerId: found ? str(output.CustomerId) : "",
            LocationId: found ? str(output.LocationId) : "",
          },
        };
      }),

    linkAccount: ({ webUserId, streetNumber, ...account }) =>
      guard(async () => {
        const answer = await call("POST", `${accountPath(account)}/web-users`, {
          body: { WebUserId: webUserId, StreetNumber: streetNumber.replace(/\s+/g, "") },
        });
        if (answer.status === 400 && answer.body.message === "utility-account-street-number-mismatch") {
          return { linked: false, reason: "utility-account-street-number-mismatch" } as const;
        }
        const output = requireSuccess(answer);
        return { linked: true, serviceAddress: str(output.ServiceAddress) } as const;
      }),

    unlinkAccount: ({ webUserId, ...account }) =>
      guard(async () => {
        requireSuccess(await call("DELETE", `${accountPath(account)}/web-users/${encodeURIComponent(webUserId)}`));
      }),

    billingHistory: (account) =>
      guard(async () => {
        const output = requireSuccess(await call("GET", `${accountPath(account)}/billing-history`));
        return {
          historyMonthly: list(output.HistoryMonthly).map((month) => ({
            billDate: isoFromLegacyDate(month.BillDate),
            gallons: Number(month.Gallons),
            billedUnits: Number(month.BilledUnits),
            amountCents: centsFromLegacy(month.AmountBilled),
          })),
          totalAmountDueCents: centsFromLegacy(output.TotalAmountDue),
          accountDelinquentStatuses: list(output.DelinquentStatuses).map((status) => ({
            type: str(status.Type),
            amountCents: centsFromLegacy(status.Amount),
            date: isoFromLegacyDate(status.Date),
            accountNumber: `${account.customerId}-${account.locationId}`,
          })),
        };
      }),

    bills: (account) =>
      guard(async () => {
        const output = requireSuccess(await call("GET", `${accountPath(account)}/bills`));
        return list(output.Bills).map(
          (bill): BillingItem => ({
            billId: str(bill.BillId),
            type: str(bill.BillType),
            amountDueWithoutPendingCents: centsFromLegacy(bill.AmountDueWithoutPending),
            currentBalanceCents: centsFromLegacy(bill.CurrentBalance),
            billDate: isoFromLegacyDate(bill.BillDate),
            dueDate: isoFromLegacyDate(bill.DueDate),
            pdfLink: str(bill.DocumentUrl),
          }),
        );
      }),

    paymentHistory: (account) =>
      guard(async () => {
        const output = requireSuccess(await call("GET", `${accountPath(account)}/payments`));
        return list(output.Payments).map((payment) => ({
          paymentDate: isoFromLegacyDate(payment.PaymentDate),
          amountCents: centsFromLegacy(payment.PaymentAmount),
        }));
      }),

    paymentHistoryV2: (account) =>
      guard(async () => {
        const path = accountPath(account).replace("/api/v1/", "/api/v2/");
        const output = requireSuccess(await call("GET", `${path}/payments`));
        return {
          payments: list(output.Payments).map((payment) => ({
            paymentId: str(payment.PaymentId),
            paymentDate: isoFromLegacyDate(payment.PostedDate),
            amountCents: centsFromLegacy(payment.Amount),
            method: str(payment.Method),
            routingIds: list(payment.RoutingIds).map(str),
          })),
          monthlyTotals: list(output.MonthlyTotals).map((month) => ({
            month: `${str(month.Month).slice(0, 4)}-${str(month.Month).slice(4, 6)}`,
            amountCents: centsFromLegacy(month.Amount),
          })),
        };
      }),

    postPayment: ({ idempotencyKey, amountCents, gatewayTransactionId, method, customerId, locationId }) =>
      guard(async () => {
        if (!Number.isInteger(amountCents) || amountCents <= 0) {
          throw new ConnectorError(SYSTEM, "rejected", "A payment must be a positive whole number of cents");
        }
        const output = requireSuccess(
          await call("POST", "/api/v1/payments", {
            idempotencyKey,
            body: {
              CustomerId: customerId,
              LocationId: locationId,
              Amount: String(amountCents),
              GatewayTransactionId: gatewayTransactionId,
              Method: method,
            },
          }),
        );
        return { routingIds: list(output.RoutingIds).map(str) };
      }),

    autopayStatus: (account) =>
      guard(async () => {
        const output = requireSuccess(await call("GET", `${accountPath(account)}/autopay`));
        return output.AutopayId ? enrolmentFrom(output) : null;
      }),

    enrolAutopay: (account, method) =>
      guard(async () => {
        const body =
          method.kind === "card"
            ? { PaymentType: "CARD", PaymentProfileId: method.paymentProfileId }
            : {
                PaymentType: "ACH",
                RoutingNumber: method.routingNumber,
                BankAccountNumber: method.accountNumber,
                BankAccountType: method.accountType.toUpperCase(),
              };
        const output = requireSuccess(await call("PUT", `${accountPath(account)}/autopay`, { body }));
        return enrolmentFrom({ ...output, PaymentProfileId: method.kind === "card" ? method.paymentProfileId : "" });
      }),

    removeAutopay: (autopayId) =>
      guard(async () => {
        requireSuccess(await call("DELETE", `/api/v1/autopay/${encodeURIComponent(autopayId)}`));
      }),

    searchPermits: (criteria) =>
      guard(async () => {
        const query = new URLSearchParams(
          Object.entries(criteria).filter(
            (entry): entry is [string, string] => typeof entry[1] === "string" && entry[1] !== "",
          ),
        );
        const output = requireSuccess(await call("GET", `/api/v1/permits?${query}`));
        return list(output.Permits).map(
          (row): PermitRow => ({
            ApplicationNumber: str(row.ApplicationNumber),
            ApplicationYear: str(row.ApplicationYear),
            StreetNumber: str(row.StreetNumber),
            StreetName: str(row.StreetName),
            StreetSuffix: str(row.StreetSuffix),
            Name: str(row.Name),
          }),
        );
      }),

    permitDetail: (year, applicationNumber) =>
      guard(async () => {
        const answer = await call("GET", `/api/v1/permits/${year}/${encodeURIComponent(applicationNumber)}`);
        if (answer.status >= 400) requireSuccess(answer);
        return permitFrom(answer.output);
      }),

    calculateLicenseFees: ({ licenseYear, licenseNumber, licensePIN }) =>
      guard(async () => {
        const answer = await call("POST", "/api/v1/business-licenses/fee-calculation", {
          body: { LicenseYear: licenseYear, LicenseNumber: licenseNumber, Pin: licensePIN },
        });
        if (answer.status >= 400) requireSuccess(answer);
        const { output } = answer;
        const success = output.ErrorCode === OK && output.Success === "Y";
        return {
          success,
          feeCents: success ? centsFromLegacy(output.Fees) : 0,
          penaltyCents: success ? centsFromLegacy(output.Penalty) : 0,
          message: str(output.Message),
        };
      }),
  };
}

function enrolmentFrom(output: OutputParms): AutopayEnrolment {
  const status = str(output.AutopayStatus);
  if (status !== "S" && status !== "C" && status !== "R") throw new Error(`Unknown autopay status ${status}`);
  return {
    autopayId: str(output.AutopayId),
    status: status as AutopayStatusCode,
    paymentProfileId: str(output.PaymentProfileId) || null,
  };
}

function permitFrom(output: OutputParms): PermitDetail {
  const found = output.ErrorCode === OK;
  return {
    ErrorCode: str(output.ErrorCode),
    Parcel: str(output.Parcel),
    ApplicationDate: found ? isoFromLegacyDate(output.ApplicationDate) : "",
    EstimatedValueCents: found ? centsFromLegacy(output.EstimatedValue) : 0,
    TenantName: str(output.TenantName),
    TenantNumber: str(output.TenantNumber),
    ZoneDesc: str(output.ZoneDesc),
    Address: str(output.Address),
    Owner: str(output.Owner),
    ApplicationType: str(output.ApplicationType),
    SquareFootage: found ? Number(output.SquareFootage) : 0,
    ApplicationStatus: str(output.ApplicationStatus),
    ContractorName: str(output.ContractorName),
  };
}
