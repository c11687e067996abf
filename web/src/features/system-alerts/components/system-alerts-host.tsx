import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { useNotificationPrefs } from "@/api/get-notification-prefs";
import { usePaymentMaintenanceInfo } from "@/api/get-payment-maintenance-info";
import { Dialog } from "@/components/ui/dialog";
import { paths } from "@/config/paths";
import { maintenanceAlert, markAlertRead, nextAlert, readAlertIds, sortAlerts } from "../alert-queue";
import { useSystemAlerts } from "../api/get-system-alerts";
import { sanitizeAlertHtml } from "../sanitize-alert-html";

const PREFS_SHOWN_KEY = "delinquencyPrefsPromptShown";

const prefsPromptShown = () => {
  try {
    return window.sessionStorage.getItem(PREFS_SHOWN_KEY) === "true";
  } catch {
    return false;
  }
};

interface SystemAlertsHostProps {
  /** The signed-in, onboarded user's id; null for visitors. */
  userId: string | null;
  /** Flag EnableDelinquentBillingNotifications. */
  delinquencyPromptEnabled: boolean;
}

/**
 * System alerts for every visitor (spec 1 §4, spec 3 §4): one modal at a time, active and unread
 * first; dismissing one records it in session storage and shows the next. Then, for signed-in
 * users with the flag on and no opted-out notification, the delinquent billing preference modal.
 */
export function SystemAlertsHost({ userId, delinquencyPromptEnabled }: SystemAlertsHostProps) {
  const { t, i18n } = useTranslation();
  const alerts = useSystemAlerts();
  const maintenance = usePaymentMaintenanceInfo();
  const [readVersion, setReadVersion] = useState(0);
  const [prefsDismissed, setPrefsDismissed] = useState(prefsPromptShown);

  const queue = useMemo(() => {
    void readVersion; // recompute after a dismissal
    const warning = maintenanceAlert(maintenance.data, {
      english: t("SystemAlert.MaintenanceTitle", { lng: "en" }),
      spanish: t("SystemAlert.MaintenanceTitle", { lng: "es" }),
    });
    return sortAlerts([...(warning ? [warning] : []), ...(alerts.data ?? [])], readAlertIds());
  }, [alerts.data, maintenance.data, readVersion, t]);

  const settled = !alerts.isPending && !maintenance.isPending;
  const current = settled ? nextAlert(queue) : null;
  const wantsPrefs = settled && !current && userId !== null && delinquencyPromptEnabled && !prefsDismissed;
  const prefs = useNotificationPrefs(userId, wantsPrefs);

  if (current) {
    const spanish = i18n.language === "es";
    const title = spanish ? current.titleSpanish || current.titleEnglish : current.titleEnglish;
    const text = spanish ? current.textSpanish || current.textEnglish : current.textEnglish;
    const dismiss = () => {
      markAlertRead(current.Id);
      setReadVersion((value) => value + 1);
    };
    return (
      <Dialog
        key={current.Id}
        tone="warning"
        title={title}
        onClose={dismiss}
        actions={
          <button type="button" className="button button--primary" onClick={dismiss}>
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

  const optedOut = prefs.data?.some((pref) => pref.optedOut) ?? true;
  if (wantsPrefs && prefs.isSuccess && !optedOut) {
    const close = () => {
      try {
        window.sessionStorage.setItem(PREFS_SHOWN_KEY, "true");
      } catch {
        // Shown again on the next page load when storage is refused.
      }
      setPrefsDismissed(true);
    };
    return (
      <Dialog
        tone="warning"
        title={t("SystemAlert.DelinquencyTitle")}
        onClose={close}
        actions={
          <>
            <Link className="button button--primary" to={paths.account.href(userId as string)} onClick={close}>
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
  return null;
}

export default SystemAlertsHost;
