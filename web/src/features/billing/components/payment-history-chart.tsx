import type { PaymentHistoryRow } from "@contract/billing-records";
import { useEffect, useId, useRef } from "react";
import { useTranslation } from "react-i18next";
import { formatCents } from "@/utils/format";
import { BAR_WIDTH, lastMonths, lineChartYMax, monthlyTotals, showsMonthTick } from "./chart-model";

interface PaymentHistoryChartProps {
  /** The v2 bar chart (EnableWaterBillRedesign) or the line chart. */
  variant: "bar" | "line";
  /** Payments already filtered to 12 months (line) or monthly totals (bar). */
  payments: readonly PaymentHistoryRow[];
  totals?: readonly { month: string; amountCents: number }[];
  now?: Date;
}

const monthLabel = (month: string, language: string) =>
  new Date(`${month}-15T12:00:00Z`).toLocaleDateString(language === "es" ? "es-US" : "en-US", {
    month: "short",
    year: "numeric",
    timeZone: "UTC",
  });

/**
 * The payment history chart. chart.js loads only when the chart is shown (it is not in the page's
 * first bundle); the canvas is an image with a text name and the same numbers are a table for
 * screen readers.
 */
export function PaymentHistoryChart({ variant, payments, totals, now = new Date() }: PaymentHistoryChartProps) {
  const { t, i18n } = useTranslation();
  const canvas = useRef<HTMLCanvasElement>(null);
  const id = useId();
  const months = variant === "bar" ? lastMonths(totals ?? monthlyTotals(payments), now) : monthlyTotals(payments);
  const labels = months.map((entry) => monthLabel(entry.month, i18n.language));
  const values = months.map((entry) => entry.amountCents / 100);
  const key = JSON.stringify([variant, labels, values]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for labels and values
  useEffect(() => {
    let cancelled = false;
    let destroy = () => {};
    void import("chart.js").then((chartJs) => {
      const element = canvas.current;
      if (cancelled || !element) return;
      const {
        Chart,
        BarController,
        BarElement,
        LineController,
        LineElement,
        PointElement,
        CategoryScale,
        LinearScale,
      } = chartJs;
      Chart.register(BarController, BarElement, LineController, LineElement, PointElement, CategoryScale, LinearScale);
      const chart = new Chart(element, {
        type: variant,
        data: {
          labels,
          datasets: [
            {
              label: t("Billing.AmountPaid"),
              data: values,
              backgroundColor: "#1d4f91",
              borderColor: "#1d4f91",
              ...(variant === "bar" ? { barThickness: BAR_WIDTH } : {}),
            },
          ],
        },
        options: {
          animation: false,
          responsive: true,
          maintainAspectRatio: false,
          scales: {
            x: {
              ticks: {
                autoSkip: false,
                callback: (_value, index) => (showsMonthTick(index, labels.length) ? labels[index] : ""),
              },
            },
            y: {
              beginAtZero: true,
              ...(variant === "line" ? { max: lineChartYMax(months.map((entry) => entry.amountCents)) } : {}),
              ticks: { callback: (value) => `$${value}` },
            },
          },
        },
      });
      destroy = () => chart.destroy();
    });
    return () => {
      cancelled = true;
      destroy();
    };
  }, [key]);

  return (
    <figure className="payment-chart" aria-labelledby={`${id}-caption`}>
      <figcaption id={`${id}-caption`}>{t("Billing.ChartCaption")}</figcaption>
      <div className="payment-chart__canvas" data-chart={variant}>
        <canvas ref={canvas} role="img" aria-label={t("Billing.ChartAlt")} />
      </div>
      <table className="visually-hidden">
        <caption>{t("Billing.ChartTableCaption")}</caption>
        <thead>
          <tr>
            <th scope="col">{t("Billing.Month")}</th>
            <th scope="col">{t("Billing.AmountPaid")}</th>
          </tr>
        </thead>
        <tbody>
          {months.map((entry, index) => (
            <tr key={entry.month}>
              <th scope="row">{labels[index]}</th>
              <td>{formatCents(entry.amountCents)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
