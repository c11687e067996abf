import { PERSONAL_ORGANIZATION } from "@contract/access";
import { useQuery } from "@tanstack/react-query";
import { useMemo, useState, useSyncExternalStore } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { useNotificationPrefs } from "@/api/get-notification-prefs";
import { paymentInformationQueryOptions } from "@/api/get-payment-information";
import { usePaymentMaintenanceInfo } from "@/api/get-payment-maintenance-info";
import { Dialog } from "@/components/ui/dialog";
import { paths } from "@/config/paths";
import { readStored, writeStored } from "@/lib/web-storage";
import {
  alertsReadCount,
  arrivalDialogShown,
  maintenanceAlert,
  markAlertsRead,
  markArrivalDialogShown,
  onAlertRead,
  type QueuedAlert,
  readAlertIds,
  sortAlerts,
  unreadAlerts,
} from "../alert-queue";
import { useActiveSystemAlerts } from "../api/get-system-alerts";
import { sanitizeAlertHtml } from "../sanitize-alert-html";

const PREFS_SHOWN_KEY = "delinquencyPrefsPromptShown";
/** Local storage, per user: the prompt was answered with one of its buttons (issue 28: once until answered). */
const PREFS_ANSWERED_KEY = "delinquencyPrefsPromptAnswered";

const prefsPromptShown = () => readStored("session", PREFS_SHOWN_KEY) === "true";

const prefsPromptAnswered = (userId: string) => readStored("local", `${PREFS_ANSWERED_KEY}:${userId}`) === "true";

/**
 * The alerts to show now: the active unread ones, the maintenance warning among them; `settled`
 * once both lists have answered. Recomputed after each dismissal, wherever it was made.
 */
function useUnreadAlerts() {
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
  return { settled, unread: settled ? unreadAlerts(queue) : [] };
}

/** An alert's title and text in the page's language (English when it has no Spanish). */
function inLanguage(alert: QueuedAlert, spanish: boolean) {
  return {
    title: spanish ? alert.titleSpanish || alert.titleEnglish : alert.titleEnglish,
    text: spanish ? alert.textSpanish || alert.textEnglish : alert.textEnglish,
    /** The language the text is really in, for `lang` (WCAG 3.1.2). */
    lang: spanish && !alert.textSpanish ? "en" : undefined,
  };
}

/**
 * System alerts for every visitor (spec 1 §4, spec 3 §4): one dialog, never a row of them (issue
 * 28). It is titled by the first active unread alert and shows the others below it under a count;
 * dismissing it records them all in session storage. It needs neither the router nor the
 * signed-in user, so the app renders it beside them, before either is ready: the dialog is often a
 * page's largest paint.
 */
export function SystemAlertsHost() {
  const { t, i18n } = useTranslation();
  const { unread } = useUnreadAlerts();
  const [first, ...others] = unread;
  if (!first) return null;

  const spanish = i18n.language === "es";
  const main = inLanguage(first, spanish);
  const dismiss = () => {
    markAlertsRead(unread.map((alert) => alert.Id));
    markArrivalDialogShown();
  };
  return (
    <Dialog
      key={first.Id}
      tone="warning"
      title={main.title}
      onClose={dismiss}
      actions={
        <button type="button" className="button button--primary" onClick={dismiss}>
          {t("SystemAlert.Dismiss")}
        </button>
      }
    >
      {/* Sanitized: admin HTML without scripts, handlers or unsafe links. */}
      <div
        className="system-alert"
        lang={main.lang}
        // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized with DOMPurify
        dangerouslySetInnerHTML={{ __html: sanitizeAlertHtml(main.text) }}
      />
      {others.length > 0 ? (
        <section className="system-alert__more" aria-labelledby={`more-${first.Id}`}>
          <h3 id={`more-${first.Id}`} className="system-alert__more-title">
            {t("SystemAlert.MoreNotices", { count: others.length })}
          </h3>
          {others.map((alert) => {
            const shown = inLanguage(alert, spanish);
            return (
              <article key={alert.Id} className="system-alert__other">
                <h4 lang={spanish && !alert.titleSpanish ? "en" : undefined}>{shown.title}</h4>
                <div
                  className="system-alert"
                  lang={shown.lang}
                  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized with DOMPurify
                  dangerouslySetInnerHTML={{ __html: sanitizeAlertHtml(shown.text) }}
                />
              </article>
            );
          })}
        </section>
      ) : null}
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
 * The delinquent billing preference dialog (spec 3 §4), only where it means something and never
 * as a second dialog (issue 28): for a signed-in user with the flag on, a water account of their
 * own and no opted-out notification; not in a browser session that has shown the alerts' dialog;
 * once per session until they answer it with one of its buttons, then never again in this browser.
 * Rendered inside the router: it links to the account page.
 */
export function DelinquencyPrefsPrompt({ userId, enabled }: DelinquencyPrefsPromptProps) {
  const { t } = useTranslation();
  const { settled, unread } = useUnreadAlerts();
  const [dismissed, setDismissed] = useState(() => prefsPromptShown() || prefsPromptAnswered(userId));
  const wanted = settled && unread.length === 0 && !arrivalDialogShown() && enabled && !dismissed;
  const prefs = useNotificationPrefs(userId, wanted);
  const accounts = useQuery({ ...paymentInformationQueryOptions(userId, PERSONAL_ORGANIZATION), enabled: wanted });

  const optedOut = prefs.data?.some((pref) => pref.optedOut) ?? true;
  const hasWaterAccount = (accounts.data?.length ?? 0) > 0;
  if (!wanted || !prefs.isSuccess || optedOut || !accounts.isSuccess || !hasWaterAccount) return null;

  const close = (answered: boolean) => {
    // Shown again on the next page load when storage is refused.
    if (writeStored("session", PREFS_SHOWN_KEY, "true") && answered)
      writeStored("local", `${PREFS_ANSWERED_KEY}:${userId}`, "true");
    markArrivalDialogShown();
    setDismissed(true);
  };
  return (
    <Dialog
      tone="warning"
      title={t("SystemAlert.DelinquencyTitle")}
      onClose={() => close(false)}
      actions={
        <>
          <Link className="button button--primary" to={paths.account.href(userId)} onClick={() => close(true)}>
            {t("SystemAlert.DelinquencySettings")}
          </Link>
          <button type="button" className="button button--secondary" onClick={() => close(true)}>
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
