import type { DelinquencyBatch } from "@contract/delinquency";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { AdminTable } from "@/components/ui/admin-table";
import { formatShortDateTime } from "@/utils/format";

/** A batch as a clerk knows it: the upload of a given day and time. */
export function batchName(t: TFunction, batch: Pick<DelinquencyBatch, "createdAt">): string {
  return t("Delinquency.BatchName", { date: formatShortDateTime(batch.createdAt) });
}

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
    <AdminTable
      label={t("Delinquency.BatchesCaption")}
      caption
      rows={batches}
      rowKey={(batch) => batch.Id}
      empty={t("Delinquency.None")}
      columns={[
        // Named by when it was uploaded: its Firestore id means nothing to a clerk (issue 28).
        { header: t("Delinquency.BatchId"), rowHeader: true, cell: (batch) => batchName(t, batch) },
        { header: t("Delinquency.UsersReached"), cell: (batch) => (batch.status === "done" ? batch.usersReached : "") },
        { header: t("Delinquency.SentDate"), cell: (batch) => formatShortDateTime(batch.sentAt) },
        {
          header: t("Delinquency.Status"),
          cellProps: { "aria-live": "polite" },
          cell: (batch) =>
            batch.status === "done"
              ? t("Delinquency.Sent", { delivered: batch.delivered, failed: batch.failed })
              : t("Delinquency.Sending"),
        },
        {
          header: t("Delinquency.Actions"),
          cell: (batch) => (
            <button type="button" className="button button--secondary" onClick={() => onView(batch)}>
              {t("Delinquency.ViewDetails")}
              <span className="visually-hidden"> {batchName(t, batch)}</span>
            </button>
          ),
        },
      ]}
    />
  );
}
