import type { UserEventRow } from "@contract/admin-users";
import type { UseQueryResult } from "@tanstack/react-query";
import dayjs from "dayjs";
import { useTranslation } from "react-i18next";
import { AdminLoadError } from "@/components/ui/admin-load-error";
import { type AdminColumn, AdminTable } from "@/components/ui/admin-table";
import { activityLabel } from "@/lib/services/activity-label";
import { DISPLAY_TIME_ZONE, formatCents, formatShortDate } from "@/utils/format";
import { useUserActivityHistory, useUserPaymentHistory } from "../api/admin-users";

/** MM/DD/YY h:mm:ss A in America/Chicago, the time of a session or login (spec 3). */
export const formatEventTime = (value: string | null) =>
  value ? dayjs(value).tz(DISPLAY_TIME_ZONE).format("MM/DD/YY h:mm:ss A") : "";

/** One history section: its heading, then loading, a load error, "no data" or the table. */
function HistorySection<T>({
  id,
  title,
  empty,
  history,
  columns,
  rowKey,
}: {
  id: string;
  title: string;
  empty: string;
  history: UseQueryResult<T[]>;
  columns: AdminColumn<T>[];
  rowKey: (row: T) => string;
}) {
  const { t } = useTranslation();
  return (
    <section className="admin-section" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {history.isPending ? <p>{t("App.Loading")}</p> : null}
      {history.isError ? <AdminLoadError error={history.error} message={t("Util.ErrorTryAgainLater")} /> : null}
      {history.data && history.data.length === 0 ? <p>{empty}</p> : null}
      {history.data && history.data.length > 0 ? (
        <AdminTable label={title} columns={columns} rows={history.data} rowKey={rowKey} />
      ) : null}
    </section>
  );
}

/** The user's water-bill payments: date MM/DD/YY, account customer-location, amount in dollars. */
export function PaymentHistory({ userId, who }: { userId: string; who: string }) {
  const { t } = useTranslation();
  const history = useUserPaymentHistory(userId, true);
  return (
    <HistorySection
      id="user-payment-history"
      title={t("UsersAdmin.PaymentHistory")}
      empty={t("UsersAdmin.NoPaymentData", { who })}
      history={history}
      rowKey={(payment) => payment.id}
      columns={[
        { header: t("UsersAdmin.Date"), cell: (payment) => formatShortDate(payment.paymentDate) },
        { header: t("UsersAdmin.Account"), cell: (payment) => payment.accountNumber },
        { header: t("UsersAdmin.Amount"), cell: (payment) => formatCents(payment.amountCents) },
      ]}
    />
  );
}

function useEventText() {
  const { t } = useTranslation();
  // The service's translated name (catalogue id), else the app's text naming it, else its English name.
  const itemOf = (event: UserEventRow) => {
    const name = event.ItemName ?? event.Item ?? "";
    if (event.Item) return activityLabel(t, { Id: event.Item, Item: name });
    return event.ItemKey ? t(event.ItemKey, { defaultValue: name }) : name;
  };
  return {
    action: (event: UserEventRow) => t(`UsersAdmin.Event.${event.Event}`, { defaultValue: event.Event }),
    description: (event: UserEventRow) => {
      if (event.Event === "CreateActivity") {
        const action = event.Action ? t(`ActivityAdmin.Action.${event.Action}`, { defaultValue: event.Action }) : "";
        // A report another app filed for this person through Open311 names that app (issue 30).
        const app = typeof event.Data?.filedBy === "string" ? event.Data.filedBy : null;
        const filedBy = app ? t("UsersAdmin.FiledByApp", { app }) : "";
        return [[action, itemOf(event)].filter(Boolean).join(" "), filedBy].filter(Boolean).join(" · ");
      }
      if (event.Event === "UserSession" || event.Event === "UserLogin") {
        return t("UsersAdmin.SessionDescription", {
          ip: event.ipAddress ?? "-",
          time: formatEventTime(event.CreatedAt),
          agent: event.userAgent || "-",
        });
      }
      return JSON.stringify(event.Data ?? {});
    },
  };
}

/** Sessions, logins and started services, newest first (spec 3 admin user view). */
export function ActivityHistory({ userId, who }: { userId: string; who: string }) {
  const { t } = useTranslation();
  const history = useUserActivityHistory(userId, true);
  const text = useEventText();
  return (
    <HistorySection
      id="user-activity-history"
      title={t("UsersAdmin.ActivityHistory")}
      empty={t("UsersAdmin.NoActivityData", { who })}
      history={history}
      rowKey={(event) => event.Id}
      columns={[
        { header: t("UsersAdmin.Date"), cell: (event) => formatShortDate(event.CreatedAt) },
        { header: t("UsersAdmin.Action"), cell: text.action },
        {
          header: t("UsersAdmin.Description"),
          cell: text.description,
          cellProps: { className: "users-admin__description" },
        },
      ]}
    />
  );
}
