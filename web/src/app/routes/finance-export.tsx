import { lazy, Suspense } from "react";
import { useTranslation } from "react-i18next";
import { PageHeading } from "@/components/layout/page-heading";

// The admin screen loads as a chunk of its own (admin screens load lazily).
const FinanceExportAdmin = lazy(() => import("@/features/finance-export/components/finance-export-admin"));

/** /finance-export (issue 32): payments of a range of days, totals per code group, and the CSV. */
export function Component() {
  const { t } = useTranslation();
  const title = t("Pages.FinanceExport");
  return (
    <>
      <PageHeading documentTitle={title}>{title}</PageHeading>
      <p>{t("FinanceExport.Intro")}</p>
      <Suspense fallback={<p>{t("App.Loading")}</p>}>
        <FinanceExportAdmin />
      </Suspense>
    </>
  );
}
