import { useTranslation } from "react-i18next";
import { PageHeading } from "@/components/layout/page-heading";
import { VerificationRequiredPanel } from "@/features/auth/components/verification-required-panel";

/** /account/verificationRequired (spec 1 §2.3). */
export function Component() {
  const { t } = useTranslation();
  const title = t("Pages.VerificationRequired");
  return (
    <>
      <PageHeading documentTitle={title}>{title}</PageHeading>
      <VerificationRequiredPanel />
    </>
  );
}
