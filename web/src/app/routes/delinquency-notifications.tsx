import { lazy, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { PageHeading } from "@/components/layout/page-heading";
import { AdminLoadError } from "@/components/ui/admin-load-error";
import { useToasts } from "@/components/ui/toasts";
import { useDelinquencyBatches } from "@/features/delinquency/api/get-delinquency-batches";
import "@/components/ui/admin.css";

const DelinquencyBatchesTable = lazy(() =>
  import("@/features/delinquency/components/delinquency-batches-table").then((module) => ({
    default: module.DelinquencyBatchesTable,
  })),
);
const UploadDelinquencyDialog = lazy(() =>
  import("@/features/delinquency/components/upload-delinquency-dialog").then((module) => ({
    default: module.UploadDelinquencyDialog,
  })),
);
const DelinquencyBatchDialog = lazy(() =>
  import("@/features/delinquency/components/delinquency-batch-dialog").then((module) => ({
    default: module.DelinquencyBatchDialog,
  })),
);

/** /delinquency_notifications: the batches, Send Notification (upload, verify, send) and View Details (spec 3). */
export function Component() {
  const { t } = useTranslation();
  const title = t("Pages.DelinquencyNotifications");
  const batches = useDelinquencyBatches();
  const toasts = useToasts();
  const [uploading, setUploading] = useState(false);
  const [viewing, setViewing] = useState<{ id: string; createdAt: string } | null>(null);

  return (
    <>
      <PageHeading documentTitle={title}>{title}</PageHeading>
      <p>
        <button type="button" className="button button--primary" onClick={() => setUploading(true)}>
          {t("Delinquency.SendNotification")}
        </button>
      </p>
      {batches.isPending ? <p>{t("App.Loading")}</p> : null}
      {batches.isError ? <AdminLoadError error={batches.error} message={t("Util.ErrorTryAgainLater")} /> : null}
      <Suspense fallback={<p>{t("App.Loading")}</p>}>
        {batches.data ? (
          <DelinquencyBatchesTable
            batches={batches.data}
            onView={(batch) => setViewing({ id: batch.Id, createdAt: batch.createdAt })}
          />
        ) : null}
        {uploading ? (
          <UploadDelinquencyDialog
            onClose={() => setUploading(false)}
            onSent={(batch) => {
              setUploading(false);
              toasts.show("success", t("Delinquency.Queued", { id: batch.Id }));
            }}
          />
        ) : null}
        {viewing ? (
          <DelinquencyBatchDialog id={viewing.id} createdAt={viewing.createdAt} onClose={() => setViewing(null)} />
        ) : null}
      </Suspense>
    </>
  );
}
