import type { PaymentHistoryRow } from "@contract/billing-records";

/** Spec 2 §9: at most 18 month ticks; the v2 bar chart shows 11 months with bars 25 px wide. */
export const MAX_MONTH_TICKS = 18;
export const BAR_CHART_MONTHS = 11;
export const BAR_WIDTH = 25;

/** YYYY-MM of a date (YYYY-MM-DD or a Date in UTC). */
const monthOf = (date: Date) => `${date.getUTCFullYear()}-${String(date.getUTCMonth() + 1).padStart(2, "0")}`;

/** The payments of the last 12 months (spec 2 §9: the list is filtered to 12 months). */
export function lastTwelveMonths(rows: readonly PaymentHistoryRow[], now: Date): PaymentHistoryRow[] {
  const start = new Date(Date.UTC(now.getUTCFullYear() - 1, now.getUTCMonth(), now.getUTCDate()));
  const from = start.toISOString().slice(0, 10);
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

/** The last `count` months ending with the current one, each with its total (0 when nothing was paid). */
export function lastMonths(
  totals: readonly { month: string; amountCents: number }[],
  now: Date,
  count = BAR_CHART_MONTHS,
): { month: string; amountCents: number }[] {
  const byMonth = new Map(totals.map((entry) => [entry.month, entry.amountCents]));
  return Array.from({ length: count }, (_, index) => {
    const month = monthOf(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - (count - 1 - index), 1)));
    return { month, amountCents: byMonth.get(month) ?? 0 };
  });
}

/** Whether the tick of the index-th of `count` months is drawn, so at most 18 show (the last always does). */
export function showsMonthTick(index: number, count: number, maxTicks = MAX_MONTH_TICKS): boolean {
  const step = Math.ceil(count / maxTicks);
  return (count - 1 - index) % step === 0;
}
