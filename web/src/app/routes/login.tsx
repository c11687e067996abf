import { useTranslation } from "react-i18next";
import { PageHeading } from "@/components/layout/page-heading";
import { LoginPanel } from "@/features/auth/components/login-form";

/** /login (spec 1 §2.3). */
export function Component() {
  const { t } = useTranslation();
  const title = t("Pages.Login");
  return (
    <>
      <PageHeading documentTitle={title}>{title}</PageHeading>
      <LoginPanel />
    </>
  );
}
