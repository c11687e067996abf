import { lazy, Suspense } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { PageHeading } from "@/components/layout/page-heading";
import { paths } from "@/config/paths";
import "@/features/console/console.css";

const PersonSearch = lazy(() => import("@/features/console/components/person-search"));
const CounterDayList = lazy(() => import("@/features/console/components/counter-day-list"));

/** /console (issue 31): the staff console's start, finding the person on the phone or at the counter. */
export function Component() {
  const { t } = useTranslation();
  const title = t("Pages.Console");
  return (
    <>
      <PageHeading documentTitle={title}>{title}</PageHeading>
      <p>{t("Console.Intro")}</p>
      <p>
        <Link to={paths.consoleReports.href()}>{t("Moderation.Link")}</Link>
      </p>
      <Suspense fallback={<p>{t("App.Loading")}</p>}>
        <PersonSearch />
        <CounterDayList />
      </Suspense>
    </>
  );
}
