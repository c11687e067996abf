import {
  DELINQUENCY_PAGE_SIZES,
  type DelinquencyRow,
  type DelinquencySummary,
  type DroppedAccount,
} from "@contract/delinquency";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Pager } from "@/components/ui/pager";
import { TableScroll } from "@/components/ui/table-scroll";
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
      <TableScroll label={t("Delinquency.RowsCaption")}>
        <table className="admin-table">
          <caption className="visually-hidden">{t("Delinquency.RowsCaption")}</caption>
          <thead>
            <tr>
              <th scope="col">{t("Delinquency.Row")}</th>
              <th scope="col">{t("Delinquency.AccountNumber")}</th>
              <th scope="col">{t("Delinquency.Amount")}</th>
              <th scope="col">{t("Delinquency.ShutoffDate")}</th>
              <th scope="col">{t("Delinquency.Address")}</th>
              <th scope="col">{t("Delinquency.PortalUser")}</th>
              <th scope="col">{t("Delinquency.PhonePreference")}</th>
              <th scope="col">{t("Delinquency.Problems")}</th>
            </tr>
          </thead>
          <tbody>
            {shown.map((row) => (
              <tr key={row.row}>
                <th scope="row">{row.row}</th>
                <td>{row.accountNumber}</td>
                <td>{row.delinquentAmountCents ? formatCents(row.delinquentAmountCents) : ""}</td>
                <td>{usDate(row.shutoffDate)}</td>
                <td>{row.address}</td>
                <td>{row.user ? `${row.user.userName} (${row.user.userEmail})` : t("Delinquency.NoPortalUser")}</td>
                <td>{row.user ? (row.phonePreference ? t("Delinquency.Yes") : t("Delinquency.No")) : ""}</td>
                <td>{row.problems.join("; ")}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
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
