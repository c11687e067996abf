import type { PaymentHistoryRow } from "@contract/billing-records";
import { cityToday } from "@contract/city-time";

/** Spec 2 §9: at most 18 month ticks; the v2 bar chart shows 11 months with bars 25 px wide. */
export const MAX_MONTH_TICKS = 18;
export const BAR_CHART_MONTHS = 11;
export const BAR_WIDTH = 25;

/** YYYY-MM of the month `back` months before the month of a YYYY-MM-DD day. */
function monthBefore(day: string, back: number): string {
  const months = Number(day.slice(0, 4)) * 12 + Number(day.slice(5, 7)) - 1 - back;
  return `${Math.floor(months / 12)}-${String((months % 12) + 1).padStart(2, "0")}`;
}

/**
 * The payments of the last 12 months (spec 2 §9: the list is filtered to 12 months), counted from the city's day
 * (payment dates are the billing system's city days; late evening in Chicago is already tomorrow in UTC).
 */
export function lastTwelveMonths(rows: readonly PaymentHistoryRow[], now: Date): PaymentHistoryRow[] {
  const today = cityToday(now);
  const from = `${Number(today.slice(0, 4)) - 1}${today.slice(4)}`;
  return rows.filter((row) => row.paymentDate >= from);
}

/** The line chart's y-axis maximum in dollars: 1.5 × the highest payment, rounded up to a multiple of 50. */
export function lineChartYMax(amountsCents: readonly number[]): number {
  const highest = Math.max(0, ...amountsCents) / 100;
  return Math.max(50, Math.ceil((highest * 1.5) / 50) * 50);
}

/** Monthly totals (YYYY-MM, cents) oldest first from payment rows. */
export function monthlyTotals(rows: readonly PaymentHistoryRow[]): { month: string; amountCents: number }[] {
  const totals = new Map<string, number>();
  for (const row of rows)
    totals.set(row.paymentDate.slice(0, 7), (totals.get(row.paymentDate.slice(0, 7)) ?? 0) + row.amountCents);
  return [...totals]
    .map(([month, amountCents]) => ({ month, amountCents }))
    .sort((a, b) => a.month.localeCompare(b.month));
}

/** The last `count` months ending with the city's current month, each with its total (0 when nothing was paid). */
export function lastMonths(
  totals: readonly { month: string; amountCents: number }[],
  now: Date,
  count = BAR_CHART_MONTHS,
): { month: string; amountCents: number }[] {
  const byMonth = new Map(totals.map((entry) => [entry.month, entry.amountCents]));
  const today = cityToday(now);
  return Array.from({ length: count }, (_, index) => {
    const month = monthBefore(today, count - 1 - index);
    return { month, amountCents: byMonth.get(month) ?? 0 };
  });
}

/** Whether the tick of the index-th of `count` months is drawn, so at most 18 show (the last always does). */
export function showsMonthTick(index: number, count: number, maxTicks = MAX_MONTH_TICKS): boolean {
  const step = Math.ceil(count / maxTicks);
  return (count - 1 - index) % step === 0;
}
