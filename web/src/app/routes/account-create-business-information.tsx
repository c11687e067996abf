import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router-dom";
import { PageHeading } from "@/components/layout/page-heading";
import { BusinessInformationForm } from "@/features/account/components/business-information-form";
import { postWizardDestination } from "@/features/account/components/destination";
import { WizardSteps } from "@/features/account/components/wizard-steps";
import "@/features/account/components/account.css";

/** Account creation step 3 (spec 2): the user's business organizations. */
export function Component() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const title = t("Pages.AccountCreateBusinessInformation");
  return (
    <>
      <PageHeading documentTitle={title}>{title}</PageHeading>
      <WizardSteps current={2} />
      <BusinessInformationForm purpose="wizard" onFinished={() => navigate(postWizardDestination())} />
    </>
  );
}
