import {
  DELINQUENCY_PAGE_SIZES,
  type DelinquencyRow,
  type DelinquencySummary,
  type DroppedAccount,
} from "@contract/delinquency";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { AdminTable } from "@/components/ui/admin-table";
import { Pager } from "@/components/ui/pager";
import { formatCents } from "@/utils/format";

const usDate = (iso: string) => (iso ? `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}` : "");

/** The table's page and page size (10/20/50/100); a new size goes back to the first page. */
export function useRowsPager() {
  const [pageSize, setSize] = useState<number>(DELINQUENCY_PAGE_SIZES[0]);
  const [page, setPage] = useState(0);
  const setPageSize = (size: number) => {
    setSize(size);
    setPage(0);
  };
  return { page, pageSize, setPage, setPageSize };
}

export type RowsPager = ReturnType<typeof useRowsPager>;

/**
 * A verified file: counts, the row-level error list, and the rows in a paged table (10/20/50/100).
 * `shown` is the pager's page of rows (sliced from a verify answer, or fetched for a stored batch).
 */
export function DelinquencySummaryView({
  summary,
  shown,
  pager,
  dropped = [],
  droppedCount = dropped.length,
}: {
  summary: DelinquencySummary;
  shown: DelinquencyRow[];
  pager: RowsPager;
  dropped?: DroppedAccount[];
  droppedCount?: number;
}) {
  const { t } = useTranslation();
  const sizeId = useId();
  const { page, pageSize, setPage, setPageSize } = pager;
  const pages = Math.max(1, Math.ceil(summary.counts.rows / pageSize));
  return (
    <div className="delinquency-summary">
      <p>
        {t("Delinquency.Counts", {
          rows: summary.counts.rows,
          valid: summary.counts.valid,
          invalid: summary.counts.invalid,
          users: summary.counts.withPortalUser,
        })}
      </p>
      {summary.errors.length > 0 ? (
        <section aria-labelledby={`${sizeId}-errors`}>
          <h3 id={`${sizeId}-errors`}>{t("Delinquency.RowErrors", { count: summary.errorCount })}</h3>
          <ul className="delinquency-errors">
            {summary.errors.slice(0, 200).map((error) => (
              <li key={error}>{error}</li>
            ))}
          </ul>
        </section>
      ) : null}
      {droppedCount > 0 ? (
        <section aria-labelledby={`${sizeId}-dropped`}>
          <h3 id={`${sizeId}-dropped`}>{t("Delinquency.Dropped", { count: droppedCount })}</h3>
          <ul>
            {dropped.map((entry) => (
              <li key={entry.row}>
                {t("Delinquency.DroppedRow", {
                  row: entry.row,
                  account: entry.accountNumber,
                  reason: t(`Delinquency.DroppedReason.${entry.reason}`),
                })}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <div className="field">
        <label htmlFor={sizeId}>{t("Delinquency.RowsPerPage")}</label>
        <select id={sizeId} value={pageSize} onChange={(event) => setPageSize(Number(event.target.value))}>
          {DELINQUENCY_PAGE_SIZES.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </select>
      </div>
      <AdminTable
        label={t("Delinquency.RowsCaption")}
        caption
        rows={shown}
        rowKey={(row) => row.row}
        columns={[
          { header: t("Delinquency.Row"), rowHeader: true, cell: (row) => row.row },
          { header: t("Delinquency.AccountNumber"), cell: (row) => row.accountNumber },
          {
            header: t("Delinquency.Amount"),
            cell: (row) => (row.delinquentAmountCents ? formatCents(row.delinquentAmountCents) : ""),
          },
          { header: t("Delinquency.ShutoffDate"), cell: (row) => usDate(row.shutoffDate) },
          { header: t("Delinquency.Address"), cell: (row) => row.address },
          {
            header: t("Delinquency.PortalUser"),
            cell: (row) => (row.user ? `${row.user.userName} (${row.user.userEmail})` : t("Delinquency.NoPortalUser")),
          },
          {
            header: t("Delinquency.PhonePreference"),
            cell: (row) => (row.user ? (row.phonePreference ? t("Delinquency.Yes") : t("Delinquency.No")) : ""),
          },
          { header: t("Delinquency.Problems"), cell: (row) => row.problems.join("; ") },
        ]}
      />
      <Pager
        className="admin-form__actions"
        label={t("Delinquency.Pages")}
        page={page}
        pages={pages}
        onPage={setPage}
        previousLabel={t("Delinquency.Previous")}
        nextLabel={t("Delinquency.Next")}
        pageOfText={t("Delinquency.PageOf", { page: page + 1, pages })}
        announce
      />
    </div>
  );
}
