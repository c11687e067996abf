import { MAINTENANCE_DAYS, type MaintenancePeriod } from "@contract/maintenance";
import type { MaintenanceWindow } from "@contract/messages";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { usePaymentMaintenanceInfo } from "@/api/get-payment-maintenance-info";
import { AdminLoadError } from "@/components/ui/admin-load-error";
import { useModals } from "@/components/ui/modals";
import { useToasts } from "@/components/ui/toasts";
import "@/components/ui/admin.css";
import { useDeleteMaintenancePeriod, useMaintenancePeriods } from "../api/maintenance-periods";
import { MaintenancePeriodDialog } from "./maintenance-period-dialog";
import "../billing-maintenance.css";
import { TableScroll } from "@/components/ui/table-scroll";

/** MM/DD/YY of a YYYY-MM-DD date (spec 3 §9). */
const shortDate = (date: string) => `${date.slice(5, 7)}/${date.slice(8, 10)}/${date.slice(2, 4)}`;

function useWindowText() {
  const { t } = useTranslation();
  return {
    dates: (window: MaintenanceWindow) =>
      window.startDate || window.endDate
        ? `${window.startDate ? shortDate(window.startDate) : "…"} – ${window.endDate ? shortDate(window.endDate) : "…"}`
        : t("MaintenanceAdmin.NoDates"),
    days: (window: MaintenanceWindow) =>
      window.daysActive.everyDay
        ? t("MaintenanceAdmin.Day.everyDay")
        : MAINTENANCE_DAYS.filter((day) => window.daysActive[day])
            .map((day) => t(`MaintenanceAdmin.Day.${day}`))
            .join(", "),
  };
}

/** /billing_maintenance_settings: bill pay's status now, the periods, and the add/edit/delete modals. */
export function MaintenanceSettings() {
  const { t } = useTranslation();
  const status = usePaymentMaintenanceInfo();
  const periods = useMaintenancePeriods();
  const remove = useDeleteMaintenancePeriod();
  const modals = useModals();
  const toasts = useToasts();
  const text = useWindowText();
  const [editing, setEditing] = useState<MaintenancePeriod | "new" | null>(null);

  const confirmDelete = async (period: MaintenancePeriod) => {
    const confirmed = await modals.showWarning({
      title: t("MaintenanceAdmin.DeleteTitle"),
      body: t("MaintenanceAdmin.DeleteBody"),
      confirmLabel: t("MaintenanceAdmin.Delete"),
    });
    if (!confirmed) return;
    try {
      await remove.mutateAsync(period.id);
      toasts.show("successRemove", t("delete-system-alert"));
    } catch {
      toasts.show("errorRemove", t("Util.ErrorTryAgainLater"));
    }
  };

  return (
    <>
      <section className="admin-section" aria-labelledby="bill-pay-status">
        <h2 id="bill-pay-status">{t("MaintenanceAdmin.StatusTitle")}</h2>
        {status.data ? (
          <p className={status.data.onlineBillPayEnabled ? "flag-state--on" : "flag-state--off"}>
            {t(status.data.onlineBillPayEnabled ? "MaintenanceAdmin.Enabled" : "MaintenanceAdmin.Disabled")}
          </p>
        ) : (
          <p>{t(status.isError ? "Util.ErrorTryAgainLater" : "App.Loading")}</p>
        )}
      </section>
      <section className="admin-section" aria-labelledby="maintenance-periods">
        <div className="admin-section__header">
          <h2 id="maintenance-periods">{t("MaintenanceAdmin.PeriodsTitle")}</h2>
          <button type="button" className="button button--primary" onClick={() => setEditing("new")}>
            {t("MaintenanceAdmin.Add")}
          </button>
        </div>
        {periods.isError ? <AdminLoadError error={periods.error} message={t("Util.ErrorTryAgainLater")} /> : null}
        {periods.isPending ? <p>{t("App.Loading")}</p> : null}
        {periods.isSuccess && periods.data.length === 0 ? <p>{t("MaintenanceAdmin.None")}</p> : null}
        {periods.data?.length ? (
          <TableScroll label={t("MaintenanceAdmin.PeriodsTitle")}>
            <table className="admin-table">
              <caption className="visually-hidden">{t("MaintenanceAdmin.PeriodsTitle")}</caption>
              <thead>
                <tr>
                  <th scope="col">{t("MaintenanceAdmin.Column.Enabled")}</th>
                  <th scope="col">{t("MaintenanceAdmin.Column.English")}</th>
                  <th scope="col">{t("MaintenanceAdmin.Column.Spanish")}</th>
                  <th scope="col">{t("MaintenanceAdmin.Column.Dates")}</th>
                  <th scope="col">{t("MaintenanceAdmin.Column.Window")}</th>
                  <th scope="col">{t("MaintenanceAdmin.Column.Days")}</th>
                  <th scope="col">{t("MaintenanceAdmin.Column.Actions")}</th>
                </tr>
              </thead>
              <tbody>
                {periods.data.map((period, index) => {
                  const window = period.maintenanceSettings;
                  const warning = period.maintenanceWarningAlert;
                  const name = t("MaintenanceAdmin.PeriodName", { number: index + 1 });
                  return (
                    <tr key={period.id}>
                      <td>
                        {window?.enabled ? t("MaintenanceAdmin.Yes") : t("MaintenanceAdmin.No")}
                        {warning?.enabled ? (
                          <span className="field__hint">
                            <br />
                            {t("MaintenanceAdmin.WarningOn", { start: warning.startTime, end: warning.endTime })}
                          </span>
                        ) : null}
                      </td>
                      <td>{window?.englishText}</td>
                      <td lang="es">{window?.spanishText}</td>
                      <td>{window ? text.dates(window) : null}</td>
                      <td>{window ? `${window.startTime} – ${window.endTime}` : null}</td>
                      <td>{window ? text.days(window) : null}</td>
                      <td>
                        <div className="admin-form__actions">
                          <button type="button" className="button button--secondary" onClick={() => setEditing(period)}>
                            {t("MaintenanceAdmin.Edit")}
                            <span className="visually-hidden"> {name}</span>
                          </button>
                          <button
                            type="button"
                            className="button button--secondary"
                            disabled={remove.isPending}
                            onClick={() => void confirmDelete(period)}
                          >
                            {t("MaintenanceAdmin.Delete")}
                            <span className="visually-hidden"> {name}</span>
                          </button>
                        </div>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </TableScroll>
        ) : null}
      </section>
      {editing ? (
        <MaintenancePeriodDialog period={editing === "new" ? null : editing} onClose={() => setEditing(null)} />
      ) : null}
    </>
  );
}

export default MaintenanceSettings;
