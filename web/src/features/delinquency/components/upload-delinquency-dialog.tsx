import type { DelinquencyBatch, DelinquencySummary } from "@contract/delinquency";
import { useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Dialog } from "@/components/ui/dialog";
import { useSendDelinquencyBatch } from "../api/send-delinquency-batch";
import { useVerifyDelinquencyFile } from "../api/verify-delinquency-file";
import { DelinquencySummaryView, useRowsPager } from "./delinquency-summary";

/**
 * Send Notification (spec 3 delinquency flow): choose a CSV file, the server verifies it and the
 * summary shows counts, row errors and the rows; Send Notifications confirms (the send job re-checks
 * each account with billing just before its notice goes out; View Details lists the ones it dropped).
 */
export function UploadDelinquencyDialog({
  onClose,
  onSent,
}: {
  onClose: () => void;
  onSent: (batch: DelinquencyBatch) => void;
}) {
  const { t } = useTranslation();
  const fileId = useId();
  const errorId = useId();
  const fileRef = useRef<HTMLInputElement>(null);
  const [text, setText] = useState<string | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [summary, setSummary] = useState<DelinquencySummary | null>(null);
  const verify = useVerifyDelinquencyFile();
  const send = useSendDelinquencyBatch();
  const pager = useRowsPager();

  const verifyFile = async () => {
    const file = fileRef.current?.files?.[0];
    if (!file) {
      setFileError(t("Delinquency.ChooseFileFirst"));
      fileRef.current?.focus();
      return;
    }
    setFileError(null);
    const content = await file.text();
    try {
      setSummary(await verify.mutateAsync(content));
      setText(content);
    } catch {
      setFileError(t("Delinquency.VerifyFailed"));
      fileRef.current?.focus();
    }
  };

  const sendable = summary ? summary.rows.some((row) => row.problems.length === 0 && row.user) : false;

  return (
    <Dialog
      title={summary ? t("Delinquency.SummaryTitle") : t("Delinquency.UploadTitle")}
      onClose={onClose}
      actions={
        <>
          {summary ? (
            <button
              type="button"
              className="button button--primary"
              disabled={!sendable || send.isPending}
              onClick={() => {
                if (text) send.mutateAsync(text).then(onSent, () => undefined);
              }}
            >
              {t("Delinquency.SendNotifications")}
            </button>
          ) : (
            <button
              type="button"
              className="button button--primary"
              disabled={verify.isPending}
              onClick={() => void verifyFile()}
            >
              {t("Delinquency.Verify")}
            </button>
          )}
          <button type="button" className="button button--secondary" onClick={onClose}>
            {t("Modal.Cancel")}
          </button>
        </>
      }
    >
      {summary ? (
        <>
          <DelinquencySummaryView
            summary={summary}
            pager={pager}
            shown={summary.rows.slice(pager.page * pager.pageSize, (pager.page + 1) * pager.pageSize)}
          />
          {!sendable ? <p>{t("Delinquency.NothingToSend")}</p> : null}
          {send.isError ? (
            <p role="alert" className="admin-error">
              {t("Delinquency.SendFailed")}
            </p>
          ) : null}
        </>
      ) : (
        <div className={`field${fileError ? " field--error" : ""}`}>
          <label htmlFor={fileId}>{t("Delinquency.File")}</label>
          <p className="field__hint" id={`${fileId}-hint`}>
            {t("Delinquency.FileHint")}
          </p>
          {fileError ? (
            <p className="field__error" id={errorId} role="alert">
              {fileError}
            </p>
          ) : null}
          <input
            ref={fileRef}
            id={fileId}
            type="file"
            accept=".csv,text/csv"
            aria-invalid={fileError ? true : undefined}
            aria-describedby={fileError ? `${fileId}-hint ${errorId}` : `${fileId}-hint`}
          />
        </div>
      )}
    </Dialog>
  );
}
