import { cityDateTime, cityWallClock } from "../../contract/city-time";
import type { CsvValue } from "../../contract/csv";
import { PAYMENT_CODE_GROUPS, type PaymentCodeGroup } from "../../contract/payment";
import { paymentsChargedBetween } from "../../data/payments";
import { refundsBetween } from "../../data/refunds";

/** The wall clock in the city at an instant, read as if it were UTC (ms). */
function cityWallMs(instantMs: number): number {
  const clock = cityWallClock(new Date(instantMs));
  const [year, month, day] = clock.date.split("-").map(Number) as [number, number, number];
  return Date.UTC(year, month - 1, day, clock.hour, clock.minute, clock.second);
}

/** The instant a city day (YYYY-MM-DD) starts: midnight in Chicago, daylight saving or not. */
export function cityDayStartMs(day: string): number {
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  const wall = Date.UTC(year, month - 1, date);
  let instant = wall - (cityWallMs(wall) - wall);
  // Once more: the offset at the first guess may be the other side of a clock change.
  instant = wall - (cityWallMs(instant) - instant);
  return instant;
}

/** The next calendar day of YYYY-MM-DD. */
const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/** One transaction of the finance export. */
export interface FinanceRow {
  portalId: string;
  /** A refund's amount (positive, like a payment's) is taken off its code group's total. */
  kind: "payment" | "refund";
  gatewayTransactionId: string;
  routingIds: string[];
  accountNumber: string;
  paymentType: string;
  codeGroup: PaymentCodeGroup | "";
  amountCents: number;
  state: string;
  /** When the money was taken (or refunded): ISO 8601 with the city's offset, e.g. 2026-11-27T22:37:05-06:00. */
  chargedAt: string;
  /** A refund's payment (its portal id); "" for a payment. */
  refundOf: string;
}

const codeGroupOf = (value: string | null): PaymentCodeGroup | "" =>
  (PAYMENT_CODE_GROUPS as readonly string[]).includes(value ?? "") ? (value as PaymentCodeGroup) : "";

/** The payments that took money and the refunds made on the city days from..to (inclusive), oldest first. */
export async function financeRows(from: string, to: string): Promise<FinanceRow[]> {
  const [start, end] = [cityDayStartMs(from), cityDayStartMs(nextDay(to))];
  const [payments, refunds] = await Promise.all([paymentsChargedBetween(start, end), refundsBetween(start, end)]);
  const rows: (FinanceRow & { atMs: number })[] = [
    ...payments.map(({ id, data }) => ({
      portalId: id,
      kind: "payment" as const,
      gatewayTransactionId: data.gatewayTransactionId ?? "",
      routingIds: data.routingIds,
      accountNumber: data.accountNumber,
      paymentType: data.paymentType,
      codeGroup: codeGroupOf(data.codeGroup),
      amountCents: data.amountCents,
      state: data.state,
      chargedAt: cityDateTime(data.chargedAt?.toDate()) ?? "",
      refundOf: "",
      atMs: data.chargedAt?.toMillis() ?? 0,
    })),
    ...refunds.map(({ id, data }) => ({
      portalId: id,
      kind: "refund" as const,
      gatewayTransactionId: data.gatewayRefundId ?? "",
      routingIds: [],
      accountNumber: data.accountNumber,
      paymentType: data.paymentType,
      codeGroup: codeGroupOf(data.codeGroup),
      amountCents: data.amountCents,
      state: data.state,
      chargedAt: cityDateTime(data.refundedAt?.toDate()) ?? "",
      refundOf: data.paymentId,
      atMs: data.refundedAt?.toMillis() ?? 0,
    })),
  ];
  return rows.sort((a, b) => a.atMs - b.atMs).map(({ atMs: _atMs, ...row }) => row);
}

/** Totals per payment code group (spec 2 §9), in cents (payments less refunds), with the count of transactions. */
export function totalsByCodeGroup(rows: FinanceRow[]): { codeGroup: string; count: number; amountCents: number }[] {
  return [...PAYMENT_CODE_GROUPS, ""].map((codeGroup) => {
    const inGroup = rows.filter((row) => row.codeGroup === codeGroup);
    return {
      codeGroup,
      count: inGroup.length,
      amountCents: inGroup.reduce((sum, row) => sum + (row.kind === "refund" ? -row.amountCents : row.amountCents), 0),
    };
  });
}

export const FINANCE_CSV_HEADER = [
  "Portal ID",
  "Kind",
  "Gateway Transaction ID",
  "Billing Routing IDs",
  "Account",
  "Payment Type",
  "Payment Code Group",
  "Amount (cents)",
  "State",
  "Date (America/Chicago)",
  "Refund Of (Portal ID)",
];

export const financeCsvRow = (row: FinanceRow): CsvValue[] => [
  row.portalId,
  row.kind,
  row.gatewayTransactionId,
  row.routingIds.join(" "),
  row.accountNumber,
  row.paymentType,
  row.codeGroup,
  row.amountCents,
  row.state,
  row.chargedAt,
  row.refundOf,
];
