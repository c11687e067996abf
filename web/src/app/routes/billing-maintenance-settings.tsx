import { lazy, Suspense } from "react";
import { useTranslation } from "react-i18next";
import { PageHeading } from "@/components/layout/page-heading";

// The admin table and its modal load as a chunk of their own (admin tables load lazily).
const MaintenanceSettings = lazy(() => import("@/features/billing-maintenance/components/maintenance-settings"));

/** /billing_maintenance_settings (spec 3 §2): online bill pay's status and its maintenance periods. */
export function Component() {
  const { t } = useTranslation();
  const title = t("Pages.BillingMaintenanceSettings");
  return (
    <>
      <PageHeading documentTitle={title}>{title}</PageHeading>
      <p>{t("MaintenanceAdmin.Intro")}</p>
      <Suspense fallback={<p>{t("App.Loading")}</p>}>
        <MaintenanceSettings />
      </Suspense>
    </>
  );
}
