import type { CsvValue } from "../../contract/csv";
import { PAYMENT_CODE_GROUPS, type PaymentCodeGroup } from "../../contract/payment";
import { paymentsChargedBetween } from "../../data/payments";

const CITY_TIME_ZONE = "America/Chicago";

/** The wall clock in the city at an instant, read as if it were UTC (ms). */
function cityWallMs(instantMs: number): number {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone: CITY_TIME_ZONE,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  }).formatToParts(instantMs);
  const part = (type: string) => Number(parts.find((candidate) => candidate.type === type)?.value);
  return Date.UTC(part("year"), part("month") - 1, part("day"), part("hour"), part("minute"), part("second"));
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

/** An instant as the city's date and time, "2026-11-27 22:37:05" (America/Chicago). */
export function cityDateTime(instantMs: number): string {
  return new Date(cityWallMs(instantMs)).toISOString().slice(0, 19).replace("T", " ");
}

/** The next calendar day of YYYY-MM-DD. */
const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/** One transaction of the finance export. */
export interface FinanceRow {
  portalId: string;
  kind: "payment";
  gatewayTransactionId: string;
  routingIds: string[];
  accountNumber: string;
  paymentType: string;
  codeGroup: PaymentCodeGroup | "";
  amountCents: number;
  state: string;
  /** When the money was taken, the city's date and time. */
  chargedAt: string;
}

/** The payments that took money on the city days from..to (inclusive), oldest first. */
export async function financeRows(from: string, to: string): Promise<FinanceRow[]> {
  const payments = await paymentsChargedBetween(cityDayStartMs(from), cityDayStartMs(nextDay(to)));
  return payments.map(({ id, data }) => ({
    portalId: id,
    kind: "payment",
    gatewayTransactionId: data.gatewayTransactionId ?? "",
    routingIds: data.routingIds,
    accountNumber: data.accountNumber,
    paymentType: data.paymentType,
    codeGroup: (PAYMENT_CODE_GROUPS as readonly string[]).includes(data.codeGroup ?? "")
      ? (data.codeGroup as PaymentCodeGroup)
      : "",
    amountCents: data.amountCents,
    state: data.state,
    chargedAt: data.chargedAt ? cityDateTime(data.chargedAt.toMillis()) : "",
  }));
}

/** Totals per payment code group (spec 2 §9), in cents, with the count of transactions. */
export function totalsByCodeGroup(rows: FinanceRow[]): { codeGroup: string; count: number; amountCents: number }[] {
  return [...PAYMENT_CODE_GROUPS, ""].map((codeGroup) => {
    const inGroup = rows.filter((row) => row.codeGroup === codeGroup);
    return { codeGroup, count: inGroup.length, amountCents: inGroup.reduce((sum, row) => sum + row.amountCents, 0) };
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
];
