import type { DelinquencyBatch } from "@contract/delinquency";
import { useTranslation } from "react-i18next";
import { TableScroll } from "@/components/ui/table-scroll";
import { formatShortDateTime } from "@/utils/format";

/** The batches table (spec 3): id, users reached, sent date, View Details. */
export function DelinquencyBatchesTable({
  batches,
  onView,
}: {
  batches: DelinquencyBatch[];
  onView: (batch: DelinquencyBatch) => void;
}) {
  const { t } = useTranslation();
  return (
    <TableScroll label={t("Delinquency.BatchesCaption")}>
      <table className="admin-table">
        <caption className="visually-hidden">{t("Delinquency.BatchesCaption")}</caption>
        <thead>
          <tr>
            <th scope="col">{t("Delinquency.BatchId")}</th>
            <th scope="col">{t("Delinquency.UsersReached")}</th>
            <th scope="col">{t("Delinquency.SentDate")}</th>
            <th scope="col">{t("Delinquency.Status")}</th>
            <th scope="col">{t("Delinquency.Actions")}</th>
          </tr>
        </thead>
        <tbody>
          {batches.length === 0 ? (
            <tr>
              <td colSpan={5}>{t("Delinquency.None")}</td>
            </tr>
          ) : null}
          {batches.map((batch) => (
            <tr key={batch.Id}>
              <th scope="row">{batch.Id}</th>
              <td>{batch.status === "done" ? batch.usersReached : ""}</td>
              <td>{formatShortDateTime(batch.sentAt)}</td>
              <td aria-live="polite">
                {batch.status === "done"
                  ? t("Delinquency.Sent", { delivered: batch.delivered, failed: batch.failed })
                  : t("Delinquency.Sending")}
              </td>
              <td>
                <button type="button" className="button button--secondary" onClick={() => onView(batch)}>
                  {t("Delinquency.ViewDetails")}
                  <span className="visually-hidden"> {batch.Id}</span>
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
