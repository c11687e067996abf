import { useTranslation } from "react-i18next";
import { Dialog } from "@/components/ui/dialog";
import { MessageCountsTable } from "@/components/ui/message-counts";
import { useDelinquencyBatch } from "../api/get-delinquency-batch";
import { batchName } from "./delinquency-batches-table";
import { DelinquencySummaryView, useRowsPager } from "./delinquency-summary";

/**
 * View Details: a sent batch's summary, read-only (no send button; spec 3 delinquency flow). The
 * server pages the rows: a batch can hold far more than a browser should load at once.
 */
export function DelinquencyBatchDialog({
  id,
  createdAt,
  onClose,
}: {
  id: string;
  createdAt: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const pager = useRowsPager();
  const batch = useDelinquencyBatch(id, pager.page, pager.pageSize);
  return (
    <Dialog
      title={batchName(t, { createdAt })}
      onClose={onClose}
      actions={
        <button type="button" className="button button--secondary" onClick={onClose}>
          {t("Delinquency.Close")}
        </button>
      }
    >
      {batch.data?.messages ? (
        <MessageCountsTable counts={batch.data.messages} caption={t("Delinquency.Notices.Caption")} />
      ) : null}
      {batch.data ? (
        <DelinquencySummaryView
          summary={batch.data.data.summary}
          shown={batch.data.data.summary.rows}
          pager={pager}
          dropped={batch.data.data.dropped}
          droppedCount={batch.data.droppedCount}
        />
      ) : batch.isError ? (
        <p role="alert">{t("Util.ErrorTryAgainLater")}</p>
      ) : (
        <p>{t("App.Loading")}</p>
      )}
    </Dialog>
  );
}
