import { useTranslation } from "react-i18next";
import { PageHeading } from "@/components/layout/page-heading";
import { ResetPasswordPanel } from "@/features/auth/components/reset-password-form";

/** /resetPassword (spec 1 §2.3). */
export function Component() {
  const { t } = useTranslation();
  const title = t("Pages.ResetPassword");
  return (
    <>
      <PageHeading documentTitle={title}>{title}</PageHeading>
      <ResetPasswordPanel />
    </>
  );
}
