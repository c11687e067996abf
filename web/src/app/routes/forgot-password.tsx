import { useTranslation } from "react-i18next";
import { PageHeading } from "@/components/layout/page-heading";
import { ForgotPasswordPanel } from "@/features/auth/components/forgot-password-form";

/** /forgotpassword (spec 1 §2.3). */
export function Component() {
  const { t } = useTranslation();
  const title = t("Pages.ForgotPassword");
  return (
    <>
      <PageHeading documentTitle={title}>{title}</PageHeading>
      <ForgotPasswordPanel />
    </>
  );
}
