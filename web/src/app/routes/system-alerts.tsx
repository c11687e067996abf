import { lazy, Suspense } from "react";
import { useTranslation } from "react-i18next";
import { PageHeading } from "@/components/layout/page-heading";

// The admin table and its modals load as a chunk of their own (admin tables load lazily).
const SystemAlertsAdmin = lazy(() => import("@/features/system-alerts/components/system-alerts-admin"));

/** /system_alerts (spec 3 §2): the alerts in both languages, with add, edit and delete modals. */
export function Component() {
  const { t } = useTranslation();
  const title = t("Pages.SystemAlerts");
  return (
    <>
      <PageHeading documentTitle={title}>{title}</PageHeading>
      <p>{t("SystemAlertsAdmin.Intro")}</p>
      <Suspense fallback={<p>{t("App.Loading")}</p>}>
        <SystemAlertsAdmin />
      </Suspense>
    </>
  );
}
