import type { SystemAlert } from "@contract/messages";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { AdminLoadError } from "@/components/ui/admin-load-error";
import { useModals } from "@/components/ui/modals";
import { useToasts } from "@/components/ui/toasts";
import "@/components/ui/admin.css";
import { formatActivityTime } from "@/utils/format";
import { useSystemAlerts } from "../api/get-system-alerts";
import { useDeleteSystemAlert } from "../api/save-system-alert";
import { sanitizeAlertHtml } from "../sanitize-alert-html";
import { AlertFormDialog } from "./alert-form-dialog";
import "../system-alerts.css";
import { TableScroll } from "@/components/ui/table-scroll";

/** Alert HTML as residents see it: sanitized again on render (the server sanitized it on save). */
function AlertHtml({ html, lang }: { html: string; lang?: string }) {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized with DOMPurify
  return <div className="system-alert" lang={lang} dangerouslySetInnerHTML={{ __html: sanitizeAlertHtml(html) }} />;
}

/** /system_alerts: every alert in both languages with its active state; add, edit and delete modals. */
export function SystemAlertsAdmin() {
  const { t } = useTranslation();
  const alerts = useSystemAlerts();
  const remove = useDeleteSystemAlert();
  const modals = useModals();
  const toasts = useToasts();
  const [editing, setEditing] = useState<SystemAlert | "new" | null>(null);
  const list = (alerts.data ?? []).filter((alert) => !alert.MaintenanceWarning);

  const confirmDelete = async (alert: SystemAlert) => {
    const confirmed = await modals.showWarning({
      title: t("SystemAlertsAdmin.DeleteTitle"),
      body: t("SystemAlertsAdmin.DeleteBody", { title: alert.titleEnglish }),
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
        <TableScroll label={t("Pages.SystemAlerts")}>
          <table className="admin-table">
            <caption className="visually-hidden">{t("Pages.SystemAlerts")}</caption>
            <thead>
              <tr>
                <th scope="col">{t("SystemAlertsAdmin.Column.English")}</th>
                <th scope="col">{t("SystemAlertsAdmin.Column.Spanish")}</th>
                <th scope="col">{t("SystemAlertsAdmin.Column.State")}</th>
                <th scope="col">{t("SystemAlertsAdmin.Column.Actions")}</th>
              </tr>
            </thead>
            <tbody>
              {list.map((alert) => (
                <tr key={alert.Id}>
                  <td>
                    <strong>{alert.titleEnglish}</strong>
                    <AlertHtml html={alert.textEnglish} />
                  </td>
                  <td lang="es">
                    <strong>{alert.titleSpanish}</strong>
                    <AlertHtml html={alert.textSpanish} />
                  </td>
                  <td>
                    <span className={alert.active ? "flag-state--on" : "flag-state--off"}>
                      {t(alert.active ? "SystemAlertsAdmin.Active" : "SystemAlertsAdmin.Inactive")}
                    </span>
                    <br />
                    <span className="field__hint">{formatActivityTime(alert.CreatedAt)}</span>
                  </td>
                  <td>
                    <div className="admin-form__actions">
                      <button type="button" className="button button--secondary" onClick={() => setEditing(alert)}>
                        {t("SystemAlertsAdmin.Edit")}
                        <span className="visually-hidden"> {alert.titleEnglish}</span>
                      </button>
                      <button
                        type="button"
                        className="button button--secondary"
                        disabled={remove.isPending}
                        onClick={() => void confirmDelete(alert)}
                      >
                        {t("SystemAlertsAdmin.Delete")}
                        <span className="visually-hidden"> {alert.titleEnglish}</span>
                      </button>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      ) : null}
      {editing ? <AlertFormDialog alert={editing === "new" ? null : editing} onClose={() => setEditing(null)} /> : null}
    </>
  );
}

export default SystemAlertsAdmin;
