import { lazy, Suspense } from "react";
import { useTranslation } from "react-i18next";
import { PageHeading } from "@/components/layout/page-heading";

// The admin screen loads as a chunk of its own (admin screens load lazily).
const Open311KeysAdmin = lazy(() => import("@/features/open311-keys/components/open311-keys-admin"));

/** /open311-keys (issue 30): the API keys other apps file Open311 requests with. */
export function Component() {
  const { t } = useTranslation();
  const title = t("Pages.Open311Keys");
  return (
    <>
      <PageHeading documentTitle={title}>{title}</PageHeading>
      <p>{t("Open311KeysAdmin.Intro")}</p>
      <Suspense fallback={<p>{t("App.Loading")}</p>}>
        <Open311KeysAdmin />
      </Suspense>
    </>
  );
}
