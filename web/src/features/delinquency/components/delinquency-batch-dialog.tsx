import {
  DELINQUENCY_MESSAGE_STATUSES,
  type DelinquencyBatch,
  type DelinquencyMessageChannel,
} from "@contract/delinquency";
import { useTranslation } from "react-i18next";
import { Dialog } from "@/components/ui/dialog";
import { TableScroll } from "@/components/ui/table-scroll";
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
      {batch.data?.messages ? <NoticeCounts counts={batch.data.messages} /> : null}
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

/** The notices sent by text and by email, by status; they update while the job sends and receipts arrive. */
function NoticeCounts({ counts }: { counts: NonNullable<DelinquencyBatch["messages"]> }) {
  const { t } = useTranslation();
  const channels: DelinquencyMessageChannel[] = ["sms", "email"];
  return (
    <TableScroll label={t("Delinquency.Notices.Caption")}>
      <table className="admin-table">
        <caption>{t("Delinquency.Notices.Caption")}</caption>
        <thead>
          <tr>
            <th scope="col">{t("Delinquency.Notices.Channel")}</th>
            {DELINQUENCY_MESSAGE_STATUSES.map((status) => (
              <th scope="col" key={status}>
                {t(`Delinquency.Notices.Status.${status}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {channels.map((channel) => (
            <tr key={channel} data-channel={channel}>
              <th scope="row">{t(`Delinquency.Notices.${channel}`)}</th>
              {DELINQUENCY_MESSAGE_STATUSES.map((status) => (
                <td key={status} data-status={status}>
                  {counts[channel]?.[status] ?? 0}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
