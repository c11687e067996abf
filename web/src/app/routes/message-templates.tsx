import { lazy, Suspense } from "react";
import { useTranslation } from "react-i18next";
import { PageHeading } from "@/components/layout/page-heading";

// The admin screen loads as a chunk of its own (admin screens load lazily).
const TemplatePreviews = lazy(() => import("@/features/message-templates/components/template-previews"));

/** /message-templates (issue 29): each message the portal sends, previewed in English and Spanish. */
export function Component() {
  const { t } = useTranslation();
  const title = t("Pages.MessageTemplates");
  return (
    <>
      <PageHeading documentTitle={title}>{title}</PageHeading>
      <p>{t("MessageTemplates.Intro")}</p>
      <Suspense fallback={<p>{t("App.Loading")}</p>}>
        <TemplatePreviews />
      </Suspense>
    </>
  );
}
