import type { PaymentMaintenanceInfo } from "@contract/messages";
import { useTranslation } from "react-i18next";
import { calendarDate } from "./calendar-date";

/**
 * GOV.UK "service unavailable" pattern for online bill pay during a maintenance window: say it is
 * unavailable, when it comes back, and how to pay meanwhile.
 */
export function OnlinePaymentUnavailable({ info, id }: { info: PaymentMaintenanceInfo; id: string }) {
  const { t, i18n } = useTranslation();
  const window = info.maintenanceSettings;
  const text = window ? (i18n.language === "es" ? window.spanishText : window.englishText) : "";
  const returns =
    window?.endDate && window.endTime
      ? t("Billing.Unavailable.ReturnsAt", { date: calendarDate(window.endDate), time: window.endTime })
      : t("Billing.Unavailable.ReturnsSoon");
  return (
    <section className="billing-unavailable" id={id} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t("Billing.Unavailable.Title")}</h2>
      {text ? <p>{text}</p> : null}
      <p>{returns}</p>
      <p>{t("Billing.Unavailable.Meanwhile")}</p>
    </section>
  );
}
