import { lazy, Suspense } from "react";
import { useTranslation } from "react-i18next";
import { PageHeading } from "@/components/layout/page-heading";

// The admin screen and its modal load as a chunk of their own (admin tables load lazily).
const PublicFieldsAdmin = lazy(() => import("@/features/public-fields/components/public-fields-admin"));

/** /saleforce_public_fields (the spec's spelling of the path): the CRM fields residents may see. */
export function Component() {
  const { t } = useTranslation();
  const title = t("Pages.PublicFields");
  return (
    <>
      <PageHeading documentTitle={title}>{title}</PageHeading>
      <p>{t("PublicFieldsAdmin.Intro")}</p>
      <Suspense fallback={<p>{t("App.Loading")}</p>}>
        <PublicFieldsAdmin />
      </Suspense>
    </>
  );
}
