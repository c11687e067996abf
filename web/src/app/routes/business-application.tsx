import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { PageHeading } from "@/components/layout/page-heading";
import { paths } from "@/config/paths";
import { BusinessApplicationForm } from "@/features/business-application/components/business-application-form";

/** /activities/business_application: a few questions lead to the right form or page. */
export function Component() {
  const { t } = useTranslation();
  const title = t("Pages.BusinessApplication");
  return (
    <>
      <p>
        <Link to={paths.dashboard.href()}>{t("BusinessApplication.BackToDashboard")}</Link>
      </p>
      <PageHeading documentTitle={title}>{title}</PageHeading>
      <p>{t("BusinessApplication.Intro")}</p>
      <BusinessApplicationForm />
    </>
  );
}
