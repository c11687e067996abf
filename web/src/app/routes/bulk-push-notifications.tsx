import type { BulkNotification } from "@contract/bulk-notifications";
import { lazy, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { PageHeading } from "@/components/layout/page-heading";
import { AdminLoadError } from "@/components/ui/admin-load-error";
import { useModals } from "@/components/ui/modals";
import { useToasts } from "@/components/ui/toasts";
import { useBulkNotifications } from "@/features/bulk-notifications/api/get-bulk-notifications";
import { useSendBulkNotification } from "@/features/bulk-notifications/api/send-bulk-notification";
import "@/components/ui/admin.css";

const BulkNotificationsTable = lazy(() =>
  import("@/features/bulk-notifications/components/bulk-notifications-table").then((module) => ({
    default: module.BulkNotificationsTable,
  })),
);
const SendBulkDialog = lazy(() =>
  import("@/features/bulk-notifications/components/send-bulk-dialog").then((module) => ({
    default: module.SendBulkDialog,
  })),
);

/** /bulk_push_notifications: past bulk sends with their progress, and the Send Notification modal (spec 3). */
export function Component() {
  const { t } = useTranslation();
  const title = t("Pages.BulkPushNotifications");
  const list = useBulkNotifications();
  const resend = useSendBulkNotification();
  const modals = useModals();
  const toasts = useToasts();
  const [sending, setSending] = useState(false);

  const confirmResend = async (item: BulkNotification) => {
    const confirmed = await modals.showWarning({
      title: t("BulkPush.ResendTitle"),
      body: t("BulkPush.ResendBody", { title: item.EnglishTitle }),
      confirmLabel: t("BulkPush.Resend"),
      cancelLabel: t("Modal.Cancel"),
    });
    if (!confirmed) return;
    try {
      await resend.mutateAsync({ pushNotificationId: item.Id });
      toasts.show("success", t("success-sumbit-form"));
    } catch {
      toasts.show("error", t("BulkPush.SendFailed"));
    }
  };

  return (
    <>
      <PageHeading documentTitle={title}>{title}</PageHeading>
      <p>
        <button type="button" className="button button--primary" onClick={() => setSending(true)}>
          {t("BulkPush.SendNotification")}
        </button>
      </p>
      {list.isPending ? <p>{t("App.Loading")}</p> : null}
      {list.isError ? <AdminLoadError error={list.error} message={t("Util.ErrorTryAgainLater")} /> : null}
      <Suspense fallback={<p>{t("App.Loading")}</p>}>
        {list.data ? (
          <BulkNotificationsTable
            items={list.data}
            resending={resend.isPending}
            onResend={(item) => void confirmResend(item)}
          />
        ) : null}
        {sending ? (
          <SendBulkDialog
            onClose={() => setSending(false)}
            onSent={() => {
              setSending(false);
              toasts.show("success", t("success-sumbit-form"));
            }}
          />
        ) : null}
      </Suspense>
    </>
  );
}
