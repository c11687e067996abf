import type { SystemAlert } from "@contract/messages";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { AdminLoadError } from "@/components/ui/admin-load-error";
import { AdminTable, EditDeleteActions } from "@/components/ui/admin-table";
import { useModals } from "@/components/ui/modals";
import { useToasts } from "@/components/ui/toasts";
import "@/components/ui/admin.css";
import { formatActivityTime } from "@/utils/format";
import { useAllSystemAlerts } from "../api/get-system-alerts";
import { useDeleteSystemAlert } from "../api/save-system-alert";
import { sanitizeAlertHtml } from "../sanitize-alert-html";
import { AlertFormDialog } from "./alert-form-dialog";
import "../system-alerts.css";

/** Alert HTML as residents see it: sanitized again on render (the server sanitized it on save). */
function AlertHtml({ html, lang }: { html: string; lang?: string }) {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized with DOMPurify
  return <div className="system-alert" lang={lang} dangerouslySetInnerHTML={{ __html: sanitizeAlertHtml(html) }} />;
}

/** /system_alerts: every alert in both languages with its active state; add, edit and delete modals. */
export function SystemAlertsAdmin() {
  const { t, i18n } = useTranslation();
  // An alert is named in the page's language where it has that title (the delete prompt, the buttons).
  const nameOf = (alert: SystemAlert) =>
    i18n.language === "es" && alert.titleSpanish ? alert.titleSpanish : alert.titleEnglish;
  const alerts = useAllSystemAlerts();
  const remove = useDeleteSystemAlert();
  const modals = useModals();
  const toasts = useToasts();
  const [editing, setEditing] = useState<SystemAlert | "new" | null>(null);
  const list = (alerts.data ?? []).filter((alert) => !alert.MaintenanceWarning);

  const confirmDelete = async (alert: SystemAlert) => {
    const confirmed = await modals.showWarning({
      title: t("SystemAlertsAdmin.DeleteTitle"),
      body: t("SystemAlertsAdmin.DeleteBody", { title: nameOf(alert) }),
      confirmLabel: t("SystemAlertsAdmin.Delete"),
    });
    if (!confirmed) return;
    try {
      await remove.mutateAsync(alert.Id);
      toasts.show("successRemove");
    } catch {
      toasts.show("errorRemove");
    }
  };

  return (
    <>
      <div className="admin-toolbar">
        <button type="button" className="button button--primary" onClick={() => setEditing("new")}>
          {t("SystemAlertsAdmin.Add")}
        </button>
      </div>
      {alerts.isError ? <AdminLoadError error={alerts.error} message={t("Util.ErrorTryAgainLater")} /> : null}
      {alerts.isPending ? <p>{t("App.Loading")}</p> : null}
      {alerts.isSuccess && list.length === 0 ? <p>{t("SystemAlertsAdmin.None")}</p> : null}
      {list.length > 0 ? (
        <AdminTable
          label={t("Pages.SystemAlerts")}
          caption
          rows={list}
          rowKey={(alert) => alert.Id}
          columns={[
            {
              header: t("SystemAlertsAdmin.Column.English"),
              // The English texts, marked as English on a Spanish page (WCAG 3.1.2).
              cellProps: { lang: "en" },
              cell: (alert) => (
                <>
                  <strong>{alert.titleEnglish}</strong>
                  <AlertHtml html={alert.textEnglish} />
                </>
              ),
            },
            {
              header: t("SystemAlertsAdmin.Column.Spanish"),
              cellProps: { lang: "es" },
              cell: (alert) => (
                <>
                  <strong>{alert.titleSpanish}</strong>
                  <AlertHtml html={alert.textSpanish} />
                </>
              ),
            },
            {
              header: t("SystemAlertsAdmin.Column.State"),
              cell: (alert) => (
                <>
                  <span className={alert.active ? "flag-state--on" : "flag-state--off"}>
                    {t(alert.active ? "SystemAlertsAdmin.Active" : "SystemAlertsAdmin.Inactive")}
                  </span>
                  <br />
                  <span className="field__hint">{formatActivityTime(alert.CreatedAt)}</span>
                </>
              ),
            },
            {
              header: t("SystemAlertsAdmin.Column.Actions"),
              cell: (alert) => (
                <EditDeleteActions
                  name={nameOf(alert)}
                  editLabel={t("SystemAlertsAdmin.Edit")}
                  deleteLabel={t("SystemAlertsAdmin.Delete")}
                  onEdit={() => setEditing(alert)}
                  onDelete={() => void confirmDelete(alert)}
                  deleting={remove.isPending}
                />
              ),
            },
          ]}
        />
      ) : null}
      {editing ? <AlertFormDialog alert={editing === "new" ? null : editing} onClose={() => setEditing(null)} /> : null}
    </>
  );
}

export default SystemAlertsAdmin;
