import { MAINTENANCE_DAYS, type MaintenancePeriod } from "@contract/maintenance";
import type { MaintenanceWindow } from "@contract/messages";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { usePaymentMaintenanceInfo } from "@/api/get-payment-maintenance-info";
import { AdminLoadError } from "@/components/ui/admin-load-error";
import { AdminTable, EditDeleteActions } from "@/components/ui/admin-table";
import { useModals } from "@/components/ui/modals";
import { useToasts } from "@/components/ui/toasts";
import "@/components/ui/admin.css";
import { useDeleteMaintenancePeriod, useMaintenancePeriods } from "../api/maintenance-periods";
import { MaintenancePeriodDialog } from "./maintenance-period-dialog";
import "../billing-maintenance.css";

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
          <AdminTable
            label={t("MaintenanceAdmin.PeriodsTitle")}
            caption
            rows={periods.data.map((period, index) => ({
              period,
              name: t("MaintenanceAdmin.PeriodName", { number: index + 1 }),
            }))}
            rowKey={({ period }) => period.id}
            columns={[
              {
                header: t("MaintenanceAdmin.Column.Enabled"),
                cell: ({ period }) => (
                  <>
                    {period.maintenanceSettings?.enabled ? t("MaintenanceAdmin.Yes") : t("MaintenanceAdmin.No")}
                    {period.maintenanceWarningAlert?.enabled ? (
                      <span className="field__hint">
                        <br />
                        {t("MaintenanceAdmin.WarningOn", {
                          start: period.maintenanceWarningAlert.startTime,
                          end: period.maintenanceWarningAlert.endTime,
                        })}
                      </span>
                    ) : null}
                  </>
                ),
              },
              {
                header: t("MaintenanceAdmin.Column.English"),
                cell: ({ period }) => period.maintenanceSettings?.englishText,
              },
              {
                header: t("MaintenanceAdmin.Column.Spanish"),
                cellProps: { lang: "es" },
                cell: ({ period }) => period.maintenanceSettings?.spanishText,
              },
              {
                header: t("MaintenanceAdmin.Column.Dates"),
                cell: ({ period: { maintenanceSettings: window } }) => (window ? text.dates(window) : null),
              },
              {
                header: t("MaintenanceAdmin.Column.Window"),
                cell: ({ period: { maintenanceSettings: window } }) =>
                  window ? `${window.startTime} – ${window.endTime}` : null,
              },
              {
                header: t("MaintenanceAdmin.Column.Days"),
                cell: ({ period: { maintenanceSettings: window } }) => (window ? text.days(window) : null),
              },
              {
                header: t("MaintenanceAdmin.Column.Actions"),
                cell: ({ period, name }) => (
                  <EditDeleteActions
                    name={name}
                    editLabel={t("MaintenanceAdmin.Edit")}
                    deleteLabel={t("MaintenanceAdmin.Delete")}
                    onEdit={() => setEditing(period)}
                    onDelete={() => void confirmDelete(period)}
                    deleting={remove.isPending}
                  />
                ),
              },
            ]}
          />
        ) : null}
      </section>
      {editing ? (
        <MaintenancePeriodDialog period={editing === "new" ? null : editing} onClose={() => setEditing(null)} />
      ) : null}
    </>
  );
}

export default MaintenanceSettings;
