import { useTranslation } from "react-i18next";
import { PageHeading } from "@/components/layout/page-heading";
import { SsoSamlPanel } from "@/features/auth/components/sso-saml-panel";

/** /sso/saml (spec 1 §2.3, §7). */
export function Component() {
  const { t } = useTranslation();
  const title = t("Pages.SsoSaml");
  return (
    <>
      <PageHeading documentTitle={title}>{title}</PageHeading>
      <SsoSamlPanel />
    </>
  );
}
