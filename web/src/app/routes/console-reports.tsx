import { lazy, Suspense } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { PageHeading } from "@/components/layout/page-heading";
import { paths } from "@/config/paths";
import "@/features/console/console.css";

const ReportModeration = lazy(() => import("@/features/console/components/report-moderation"));

/** /console/reports?case={caseNumber} (issue 31): staff moderate a problem report. */
export function Component() {
  const { t } = useTranslation();
  const title = t("Pages.ConsoleReports");
  return (
    <>
      <PageHeading documentTitle={title}>{title}</PageHeading>
      <p>{t("Moderation.Intro")}</p>
      <Suspense fallback={<p>{t("App.Loading")}</p>}>
        <ReportModeration />
      </Suspense>
      <p>
        <Link to={paths.console.href()}>{t("Moderation.BackToConsole")}</Link>
      </p>
    </>
  );
}
