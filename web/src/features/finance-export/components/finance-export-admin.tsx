import { cityToday } from "@contract/city-time";
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { AdminTable } from "@/components/ui/admin-table";
import { TextField } from "@/components/ui/form/text-field";
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
          <AdminTable
            label={t("FinanceExport.TotalsTitle")}
            caption="visible"
            rows={summary.data.totals}
            rowKey={(total) => total.codeGroup || "none"}
            columns={[
              {
                header: t("FinanceExport.Group"),
                rowHeader: true,
                cell: (total) => total.codeGroup || t("FinanceExport.NoGroup"),
              },
              { header: t("FinanceExport.Payments"), cell: (total) => total.count },
              { header: t("FinanceExport.Total"), cell: (total) => formatCents(total.amountCents) },
            ]}
          />
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
