import { useMemo, useState, useSyncExternalStore } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { useNotificationPrefs } from "@/api/get-notification-prefs";
import { usePaymentMaintenanceInfo } from "@/api/get-payment-maintenance-info";
import { Dialog } from "@/components/ui/dialog";
import { paths } from "@/config/paths";
import {
  alertsReadCount,
  maintenanceAlert,
  markAlertRead,
  nextAlert,
  onAlertRead,
  readAlertIds,
  sortAlerts,
} from "../alert-queue";
import { useActiveSystemAlerts } from "../api/get-system-alerts";
import { sanitizeAlertHtml } from "../sanitize-alert-html";

const PREFS_SHOWN_KEY = "delinquencyPrefsPromptShown";

const prefsPromptShown = () => {
  try {
    return window.sessionStorage.getItem(PREFS_SHOWN_KEY) === "true";
  } catch {
    return false;
  }
};

/**
 * The alert to show now: active and unread first, the maintenance warning among them; `settled`
 * once both lists have answered. Recomputed after each dismissal, wherever it was made.
 */
function useCurrentAlert() {
  const { t } = useTranslation();
  const alerts = useActiveSystemAlerts();
  const maintenance = usePaymentMaintenanceInfo();
  const readCount = useSyncExternalStore(onAlertRead, alertsReadCount);

  const queue = useMemo(() => {
    void readCount; // recompute after a dismissal
    const warning = maintenanceAlert(maintenance.data, {
      english: t("SystemAlert.MaintenanceTitle", { lng: "en" }),
      spanish: t("SystemAlert.MaintenanceTitle", { lng: "es" }),
    });
    return sortAlerts([...(warning ? [warning] : []), ...(alerts.data ?? [])], readAlertIds());
  }, [alerts.data, maintenance.data, readCount, t]);

  const settled = !alerts.isPending && !maintenance.isPending;
  return { settled, current: settled ? nextAlert(queue) : null };
}

/**
 * System alerts for every visitor (spec 1 §4, spec 3 §4): one modal at a time, active and unread
 * first; dismissing one records it in session storage and shows the next. It needs neither the
 * router nor the signed-in user, so the app renders it beside them, before either is ready: the
 * dialog is often a page's largest paint.
 */
export function SystemAlertsHost() {
  const { t, i18n } = useTranslation();
  const { current } = useCurrentAlert();
  if (!current) return null;

  const spanish = i18n.language === "es";
  const title = spanish ? current.titleSpanish || current.titleEnglish : current.titleEnglish;
  const text = spanish ? current.textSpanish || current.textEnglish : current.textEnglish;
  return (
    <Dialog
      key={current.Id}
      tone="warning"
      title={title}
      onClose={() => markAlertRead(current.Id)}
      actions={
        <button type="button" className="button button--primary" onClick={() => markAlertRead(current.Id)}>
          {t("SystemAlert.Dismiss")}
        </button>
      }
    >
      {/* Sanitized above: admin HTML without scripts, handlers or unsafe links. */}
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized with DOMPurify */}
      <div className="system-alert" dangerouslySetInnerHTML={{ __html: sanitizeAlertHtml(text) }} />
    </Dialog>
  );
}

interface DelinquencyPrefsPromptProps {
  /** The signed-in, onboarded user's id. */
  userId: string;
  /** Flag EnableDelinquentBillingNotifications. */
  enabled: boolean;
}

/**
 * Once no system alert is waiting, the delinquent billing preference modal (spec 3 §4) for a
 * signed-in user with the flag on and no opted-out notification; once per browser session.
 * Rendered inside the router: it links to the account page.
 */
export function DelinquencyPrefsPrompt({ userId, enabled }: DelinquencyPrefsPromptProps) {
  const { t } = useTranslation();
  const { settled, current } = useCurrentAlert();
  const [dismissed, setDismissed] = useState(prefsPromptShown);
  const wanted = settled && !current && enabled && !dismissed;
  const prefs = useNotificationPrefs(userId, wanted);

  const optedOut = prefs.data?.some((pref) => pref.optedOut) ?? true;
  if (!wanted || !prefs.isSuccess || optedOut) return null;

  const close = () => {
    try {
      window.sessionStorage.setItem(PREFS_SHOWN_KEY, "true");
    } catch {
      // Shown again on the next page load when storage is refused.
    }
    setDismissed(true);
  };
  return (
    <Dialog
      tone="warning"
      title={t("SystemAlert.DelinquencyTitle")}
      onClose={close}
      actions={
        <>
          <Link className="button button--primary" to={paths.account.href(userId)} onClick={close}>
            {t("SystemAlert.DelinquencySettings")}
          </Link>
          <button type="button" className="button button--secondary" onClick={close}>
            {t("SystemAlert.NotNow")}
          </button>
        </>
      }
    >
      <div className="system-alert">
        <p>{t("SystemAlert.DelinquencyBody")}</p>
      </div>
    </Dialog>
  );
}
