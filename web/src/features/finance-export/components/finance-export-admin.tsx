import { cityToday } from "@contract/city-time";
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { TextField } from "@/components/ui/form/text-field";
import { TableScroll } from "@/components/ui/table-scroll";
import { formatCents } from "@/utils/format";
import { type FinanceRange, getFinanceCsv, useFinanceSummary } from "../api/finance-export";

/** The first day of the city's current month, YYYY-MM-DD. */
const monthStart = (today: string) => `${today.slice(0, 8)}01`;

/**
 * Issue 32 "Finance export": the payments of a range of city days, totals per payment code group
 * (spec 2 §9), and the CSV download of every transaction.
 */
export default function FinanceExportAdmin() {
  const { t } = useTranslation();
  const today = cityToday();
  const { register, handleSubmit } = useForm<FinanceRange>({ defaultValues: { from: monthStart(today), to: today } });
  const [range, setRange] = useState<FinanceRange>({ from: monthStart(today), to: today });
  const summary = useFinanceSummary(range);
  const [csvUrl, setCsvUrl] = useState<string | null>(null);
  const [csvFailed, setCsvFailed] = useState(false);

  useEffect(() => () => void (csvUrl && URL.revokeObjectURL(csvUrl)), [csvUrl]);

  const show = handleSubmit((next) => {
    setCsvUrl(null);
    setCsvFailed(false);
    setRange(next);
  });
  const prepare = () => {
    setCsvFailed(false);
    getFinanceCsv(range).then(
      (blob) => setCsvUrl(URL.createObjectURL(blob)),
      () => setCsvFailed(true),
    );
  };

  return (
    <>
      <form className="finance-export__range" onSubmit={show} noValidate>
        <TextField id="finance-from" type="date" label={t("FinanceExport.From")} {...register("from")} />
        <TextField id="finance-to" type="date" label={t("FinanceExport.To")} {...register("to")} />
        <button type="submit" className="button button--secondary">
          {t("FinanceExport.Show")}
        </button>
      </form>
      {summary.isPending ? <p>{t("App.Loading")}</p> : null}
      {summary.isError ? (
        <p role="alert" className="error-text">
          {t("FinanceExport.LoadError")}
        </p>
      ) : null}
      {summary.data ? (
        <>
          <p>{t("FinanceExport.Count", { count: summary.data.count })}</p>
          <TableScroll label={t("FinanceExport.TotalsTitle")}>
            <table className="billing-table">
              <caption>{t("FinanceExport.TotalsTitle")}</caption>
              <thead>
                <tr>
                  <th scope="col">{t("FinanceExport.Group")}</th>
                  <th scope="col">{t("FinanceExport.Payments")}</th>
                  <th scope="col">{t("FinanceExport.Total")}</th>
                </tr>
              </thead>
              <tbody>
                {summary.data.totals.map((total) => (
                  <tr key={total.codeGroup || "none"}>
                    <th scope="row">{total.codeGroup || t("FinanceExport.NoGroup")}</th>
                    <td>{total.count}</td>
                    <td>{formatCents(total.amountCents)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
          <div className="form-actions">
            {csvUrl ? (
              <a
                className="button button--primary"
                href={csvUrl}
                download={`payments-${range.from}-to-${range.to}.csv`}
              >
                {t("FinanceExport.Download")}
              </a>
            ) : (
              <button type="button" className="button button--primary" onClick={prepare}>
                {t("FinanceExport.Prepare")}
              </button>
            )}
          </div>
          {csvFailed ? (
            <p role="alert" className="error-text">
              {t("FinanceExport.LoadError")}
            </p>
          ) : null}
        </>
      ) : null}
    </>
  );
}
