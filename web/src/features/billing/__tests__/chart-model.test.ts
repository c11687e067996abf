import { describe, expect, it } from "vitest";
import { lastMonths, lastTwelveMonths, lineChartYMax, monthlyTotals, showsMonthTick } from "../components/chart-model";

const row = (paymentDate: string, amountCents: number) => ({
  id: paymentDate,
  paymentDate,
  accountNumber: "1-2",
  amountCents,
});

describe("payment history chart model (spec 2 §9)", () => {
  it("puts the y maximum at 1.5 × the highest payment rounded up to 50", () => {
    expect(lineChartYMax([4_000, 10_000])).toBe(150);
    expect(lineChartYMax([10_100])).toBe(200);
    expect(lineChartYMax([3_333])).toBe(50);
    expect(lineChartYMax([])).toBe(50);
  });

  it("keeps the payments of the last 12 months only", () => {
    const now = new Date("2026-11-23T12:00:00Z");
    const rows = [row("2026-11-01", 1), row("2025-11-23", 2), row("2025-11-22", 3)];
    expect(lastTwelveMonths(rows, now).map((r) => r.amountCents)).toEqual([1, 2]);
  });

  it("shows the last 11 months for the bar chart, empty months at 0", () => {
    const months = lastMonths([{ month: "2026-10", amountCents: 500 }], new Date("2026-11-23T00:00:00Z"));
    expect(months).toHaveLength(11);
    expect(months[0]?.month).toBe("2026-01");
    expect(months.at(-1)).toEqual({ month: "2026-11", amountCents: 0 });
    expect(months.at(-2)).toEqual({ month: "2026-10", amountCents: 500 });
  });

  it("takes the 12-month window from the city's day, not UTC's (America/Chicago)", () => {
    // 22:30 on Nov 23 in Chicago is already Nov 24 in UTC: a payment of Nov 23, 2025 is still within 12 months.
    const lateEvening = new Date("2026-11-24T04:30:00Z");
    const rows = [row("2025-11-23", 2), row("2025-11-22", 3)];
    expect(lastTwelveMonths(rows, lateEvening).map((r) => r.amountCents)).toEqual([2]);
  });

  it("ends the bar chart with the city's current month, not UTC's", () => {
    // 21:00 on Nov 30 in Chicago is Dec 1 in UTC: the chart still ends with November.
    const months = lastMonths([{ month: "2026-11", amountCents: 700 }], new Date("2026-12-01T03:00:00Z"));
    expect(months.at(-1)).toEqual({ month: "2026-11", amountCents: 700 });
    expect(months[0]?.month).toBe("2026-01");
  });

  it("draws at most 18 month ticks", () => {
    for (const count of [1, 12, 18, 19, 36, 40]) {
      const shown = Array.from({ length: count }, (_, i) => showsMonthTick(i, count)).filter(Boolean).length;
      expect(shown, String(count)).toBeLessThanOrEqual(18);
      expect(showsMonthTick(count - 1, count)).toBe(true);
    }
  });

  it("sums payments per month, oldest first", () => {
    expect(monthlyTotals([row("2026-02-03", 5), row("2026-01-09", 2), row("2026-02-20", 1)])).toEqual([
      { month: "2026-01", amountCents: 2 },
      { month: "2026-02", amountCents: 6 },
    ]);
  });
});
