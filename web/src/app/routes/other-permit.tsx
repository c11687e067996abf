import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { PageHeading } from "@/components/layout/page-heading";
import { paths } from "@/config/paths";
import { PermitSelectionForm } from "@/features/permit-selection/components/permit-selection-form";

/** /activities/other_permit: choose the property and the work, then the right application form. */
export function Component() {
  const { t } = useTranslation();
  const title = t("Pages.OtherPermit");
  return (
    <>
      <p>
        <Link to={paths.dashboard.href()}>{t("PermitSelection.BackToDashboard")}</Link>
      </p>
      <PageHeading documentTitle={title}>{title}</PageHeading>
      <p>{t("PermitSelection.Intro")}</p>
      <PermitSelectionForm />
    </>
  );
}
