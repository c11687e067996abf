import type { UserEventRow } from "@contract/admin-users";
import dayjs from "dayjs";
import { useTranslation } from "react-i18next";
import { AdminLoadError } from "@/components/ui/admin-load-error";
import { TableScroll } from "@/components/ui/table-scroll";
import { activityLabel } from "@/features/catalogue/activity-label";
import { DISPLAY_TIME_ZONE, formatCents, formatShortDate } from "@/utils/format";
import { useUserActivityHistory, useUserPaymentHistory } from "../api/admin-users";

/** MM/DD/YY h:mm:ss A in America/Chicago, the time of a session or login (spec 3). */
export const formatEventTime = (value: string | null) =>
  value ? dayjs(value).tz(DISPLAY_TIME_ZONE).format("MM/DD/YY h:mm:ss A") : "";

/** The user's water-bill payments: date MM/DD/YY, account customer-location, amount in dollars. */
export function PaymentHistory({ userId, who }: { userId: string; who: string }) {
  const { t } = useTranslation();
  const history = useUserPaymentHistory(userId, true);
  return (
    <section className="admin-section" aria-labelledby="user-payment-history">
      <h2 id="user-payment-history">{t("UsersAdmin.PaymentHistory")}</h2>
      {history.isPending ? <p>{t("App.Loading")}</p> : null}
      {history.isError ? <AdminLoadError error={history.error} message={t("Util.ErrorTryAgainLater")} /> : null}
      {history.data && history.data.length === 0 ? <p>{t("UsersAdmin.NoPaymentData", { who })}</p> : null}
      {history.data && history.data.length > 0 ? (
        <TableScroll label={t("UsersAdmin.PaymentHistory")}>
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col">{t("UsersAdmin.Date")}</th>
                <th scope="col">{t("UsersAdmin.Account")}</th>
                <th scope="col">{t("UsersAdmin.Amount")}</th>
              </tr>
            </thead>
            <tbody>
              {history.data.map((payment) => (
                <tr key={payment.id}>
                  <td>{formatShortDate(payment.paymentDate)}</td>
                  <td>{payment.accountNumber}</td>
                  <td>{formatCents(payment.amountCents)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      ) : null}
    </section>
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
        return [action, itemOf(event)].filter(Boolean).join(" ");
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
    <section className="admin-section" aria-labelledby="user-activity-history">
      <h2 id="user-activity-history">{t("UsersAdmin.ActivityHistory")}</h2>
      {history.isPending ? <p>{t("App.Loading")}</p> : null}
      {history.isError ? <AdminLoadError error={history.error} message={t("Util.ErrorTryAgainLater")} /> : null}
      {history.data && history.data.length === 0 ? <p>{t("UsersAdmin.NoActivityData", { who })}</p> : null}
      {history.data && history.data.length > 0 ? (
        <TableScroll label={t("UsersAdmin.ActivityHistory")}>
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col">{t("UsersAdmin.Date")}</th>
                <th scope="col">{t("UsersAdmin.Action")}</th>
                <th scope="col">{t("UsersAdmin.Description")}</th>
              </tr>
            </thead>
            <tbody>
              {history.data.map((event) => (
                <tr key={event.Id}>
                  <td>{formatShortDate(event.CreatedAt)}</td>
                  <td>{text.action(event)}</td>
                  <td className="users-admin__description">{text.description(event)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      ) : null}
    </section>
  );
}
