import { lazy, Suspense } from "react";
import { useTranslation } from "react-i18next";
import { PageHeading } from "@/components/layout/page-heading";
import "@/features/counter/counter.css";

const CounterPage = lazy(() => import("@/features/counter/components/counter-page"));

/** /counter (issue 31; spec 1's route table): City Hall's counter services and hours, and booking a visit. */
export function Component() {
  const { t } = useTranslation();
  const title = t("Pages.Counter");
  return (
    <>
      <PageHeading documentTitle={title}>{title}</PageHeading>
      <Suspense fallback={<p>{t("App.Loading")}</p>}>
        <CounterPage />
      </Suspense>
    </>
  );
}
