import { useTranslation } from "react-i18next";
import { PageHeading } from "@/components/layout/page-heading";
import { AccountInformationForm } from "@/features/account/components/account-information-form";
import { WizardSteps } from "@/features/account/components/wizard-steps";
import "@/features/account/components/account.css";

/** Account creation step 2 (spec 1 §2.4): the kinds of accounts the user has. */
export function Component() {
  const { t } = useTranslation();
  const title = t("Pages.AccountCreateAccountInformation");
  return (
    <>
      <PageHeading documentTitle={title}>{title}</PageHeading>
      <WizardSteps current={1} />
      <AccountInformationForm />
    </>
  );
}
