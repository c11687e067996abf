import { lazy, Suspense } from "react";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router-dom";
import { PageHeading } from "@/components/layout/page-heading";
import "@/features/console/console.css";

const PersonDetails = lazy(() => import("@/features/console/components/person-details"));

/** /console/people/{uid} (issue 31): the person staff are serving. */
export function Component() {
  const { t } = useTranslation();
  const { id = "" } = useParams();
  const title = t("Pages.ConsolePerson");
  return (
    <>
      <PageHeading documentTitle={title}>{title}</PageHeading>
      <Suspense fallback={<p>{t("App.Loading")}</p>}>
        <PersonDetails uid={id} />
      </Suspense>
    </>
  );
}
