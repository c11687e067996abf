import { useTranslation } from "react-i18next";
import { Dialog } from "@/components/ui/dialog";
import { useDelinquencyBatch } from "../api/get-delinquency-batch";
import { DelinquencySummaryView } from "./delinquency-summary";

/** View Details: a sent batch's summary, read-only (no send button; spec 3 delinquency flow). */
export function DelinquencyBatchDialog({ id, onClose }: { id: string; onClose: () => void }) {
  const { t } = useTranslation();
  const batch = useDelinquencyBatch(id);
  return (
    <Dialog
      title={t("Delinquency.BatchTitle", { id })}
      onClose={onClose}
      actions={
        <button type="button" className="button button--secondary" onClick={onClose}>
          {t("Delinquency.Close")}
        </button>
      }
    >
      {batch.data ? (
        <DelinquencySummaryView summary={batch.data.data.summary} dropped={batch.data.data.dropped} />
      ) : batch.isError ? (
        <p role="alert">{t("Util.ErrorTryAgainLater")}</p>
      ) : (
        <p>{t("App.Loading")}</p>
      )}
    </Dialog>
  );
}
