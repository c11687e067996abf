import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router-dom";
import { PageHeading } from "@/components/layout/page-heading";
import { paths } from "@/config/paths";
import { AddressStepForm } from "@/features/account/components/address-step-form";
import { WizardSteps } from "@/features/account/components/wizard-steps";
import "@/features/account/components/account.css";

/** Account creation step 1 (spec 1 §2.4): personal info and address. */
export function Component() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const title = t("Pages.AccountCreateAddress");
  return (
    <>
      <PageHeading documentTitle={title}>{title}</PageHeading>
      <WizardSteps current={0} />
      <AddressStepForm onDone={() => navigate(paths.accountCreateAccountInformation.path)} />
    </>
  );
}
