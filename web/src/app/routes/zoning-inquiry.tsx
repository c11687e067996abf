import { SERVICE_FORM_ACTIVITY_IDS } from "@contract/permit-selection";
import { useTranslation } from "react-i18next";
import { Link, useLocation, useSearchParams } from "react-router-dom";
import { PageHeading } from "@/components/layout/page-heading";
import { paths } from "@/config/paths";
import { ZoningInquiryForm } from "@/features/zoning/components/zoning-inquiry-form";
import { FROM_BUSINESS_APPLICATION, ZONING_FROM_PERMITS } from "@/lib/services/permit-destination";

/** /activities/zoning_inquiry?activityId=: ask the city about a parcel and a proposed usage. */
export function Component() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const location = useLocation();
  const activityId = search.get("activityId")?.trim() || SERVICE_FORM_ACTIVITY_IDS.zoningInquiry;
  // The back link returns to permit selection when the resident came from it (spec 3 §2), and
  // likewise to the business application questionnaire.
  const from = (location.state as { from?: string } | null)?.from;
  const title = t("Pages.ZoningInquiry");
  return (
    <>
      <p>
        {from === ZONING_FROM_PERMITS ? (
          <Link to={paths.otherPermit.href()}>{t("Zoning.BackToPermits")}</Link>
        ) : from === FROM_BUSINESS_APPLICATION ? (
          <Link to={paths.businessApplication.href()}>{t("BusinessApplication.BackToQuestions")}</Link>
        ) : (
          <Link to={paths.dashboard.href()}>{t("Zoning.BackToDashboard")}</Link>
        )}
      </p>
      <PageHeading documentTitle={title}>{title}</PageHeading>
      <p>{t("Zoning.Intro")}</p>
      <ZoningInquiryForm activityId={activityId} />
    </>
  );
}
