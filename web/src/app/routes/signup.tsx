import { useTranslation } from "react-i18next";
import { PageHeading } from "@/components/layout/page-heading";
import { SignupPanel } from "@/features/auth/components/signup-form";

/** /signup (spec 1 §2.3). */
export function Component() {
  const { t } = useTranslation();
  const title = t("Pages.Signup");
  return (
    <>
      <PageHeading documentTitle={title}>{title}</PageHeading>
      <SignupPanel />
    </>
  );
}
