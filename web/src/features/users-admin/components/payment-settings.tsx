import { useTranslation } from "react-i18next";
import { useNotificationPrefs } from "@/api/get-notification-prefs";
import { AdminLoadError } from "@/components/ui/admin-load-error";
import { useModals } from "@/components/ui/modals";
import { useToasts } from "@/components/ui/toasts";
import { useDeletePaymentMethod, usePaymentSettings, useRemoveAutopay } from "../api/admin-users";

/**
 * The admin edit page's payment settings (spec 3; spec 2 §6): the user's water accounts with an
 * admin action to remove autopay, and their stored payment methods with delete.
 */
export function PaymentSettings({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const settings = usePaymentSettings(userId);
  const removeAutopay = useRemoveAutopay(userId);
  const deleteMethod = useDeletePaymentMethod(userId);
  const modals = useModals();
  const toasts = useToasts();

  const confirmRemoveAutopay = async (autopayId: string, account: string) => {
    const confirmed = await modals.showWarning({
      title: t("UsersAdmin.RemoveAutopay"),
      body: t("warning-remove-autopay-admin", { account }),
      confirmLabel: t("UsersAdmin.RemoveAutopay"),
      cancelLabel: t("Modal.Cancel"),
    });
    if (!confirmed) return;
    try {
      await removeAutopay.mutateAsync(autopayId);
      toasts.show("successRemove");
    } catch {
      toasts.show("errorRemove");
    }
  };

  const confirmDeleteMethod = async (methodId: string, card: string, usedByAutopay: boolean) => {
    const confirmed = await modals.showWarning({
      title: t("UsersAdmin.DeleteMethod"),
      body: t(usedByAutopay ? "warning-delete-saved-card-with-autopay" : "warning-delete-saved-card", { card }),
      confirmLabel: t("UsersAdmin.DeleteMethod"),
      cancelLabel: t("Modal.Cancel"),
    });
    if (!confirmed) return;
    try {
      await deleteMethod.mutateAsync(methodId);
      toasts.show("successRemove");
    } catch {
      toasts.show("errorRemove");
    }
  };

  return (
    <section className="admin-section" aria-labelledby="user-payment-settings">
      <h2 id="user-payment-settings">{t("UsersAdmin.PaymentSettings")}</h2>
      {settings.isPending ? <p>{t("App.Loading")}</p> : null}
      {settings.isError ? <AdminLoadError error={settings.error} message={t("Util.ErrorTryAgainLater")} /> : null}
      {settings.data ? (
        <>
          <h3>{t("UsersAdmin.WaterAccounts")}</h3>
          {settings.data.accounts.length === 0 ? <p>{t("UsersAdmin.NoWaterAccounts")}</p> : null}
          <ul className="users-admin__list">
            {settings.data.accounts.map((account) => {
              const number = `${account.customerId}-${account.locationId}`;
              return (
                <li key={number}>
                  <strong>{number}</strong> {account.serviceAddress}{" "}
                  {account.autopay ? (
                    <>
                      <span>{t("UsersAdmin.AutopayOn")}</span>{" "}
                      <button
                        type="button"
                        className="button button--secondary"
                        onClick={() => void confirmRemoveAutopay(account.autopay?.autopayId ?? "", number)}
                      >
                        {t("UsersAdmin.RemoveAutopay")}
                        <span className="visually-hidden"> {number}</span>
                      </button>
                    </>
                  ) : (
                    <span>{t("UsersAdmin.AutopayOff")}</span>
                  )}
                </li>
              );
            })}
          </ul>
          <h3>{t("UsersAdmin.StoredMethods")}</h3>
          {settings.data.paymentMethods.length === 0 ? <p>{t("UsersAdmin.NoStoredMethods")}</p> : null}
          <ul className="users-admin__list">
            {settings.data.paymentMethods.map((method) => {
              const card = `${method.ProfileDescription} ${method.MaskedAccountNumber}`;
              return (
                <li key={method.Id}>
                  {card} {method.UsedByAutopay ? <span>({t("UsersAdmin.UsedByAutopay")})</span> : null}{" "}
                  <button
                    type="button"
                    className="button button--secondary"
                    onClick={() => void confirmDeleteMethod(method.Id, card, method.UsedByAutopay)}
                  >
                    {t("UsersAdmin.DeleteMethod")}
                    <span className="visually-hidden"> {card}</span>
                  </button>
                </li>
              );
            })}
          </ul>
        </>
      ) : null}
    </section>
  );
}

/** The user's delinquent billing notification settings, view-only (shown with EnableDelinquentBillingNotifications). */
export function NotificationPrefsView({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const prefs = useNotificationPrefs(userId);
  return (
    <section className="admin-section" aria-labelledby="user-notification-prefs">
      <h2 id="user-notification-prefs">{t("UsersAdmin.NotificationPrefs")}</h2>
      {prefs.isError ? <AdminLoadError error={prefs.error} message={t("Util.ErrorTryAgainLater")} /> : null}
      <ul className="users-admin__list">
        {(prefs.data ?? []).map((pref) => (
          <li key={pref.notificationId}>
            {t(`Account.Notifications.${pref.notificationId}`, { defaultValue: pref.notificationName })}:{" "}
            <strong>{pref.enabled ? t("UsersAdmin.On") : t("UsersAdmin.Off")}</strong>
          </li>
        ))}
      </ul>
    </section>
  );
}
