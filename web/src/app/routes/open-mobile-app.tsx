import { useTranslation } from "react-i18next";
import { PageHeading } from "@/components/layout/page-heading";
import { OpenMobileAppPanel } from "@/features/auth/components/open-mobile-app-panel";

/** /openMobileApp (spec 1 §2.3). */
export function Component() {
  const { t } = useTranslation();
  const title = t("Pages.OpenMobileApp");
  return (
    <>
      <PageHeading documentTitle={title}>{title}</PageHeading>
      <OpenMobileAppPanel />
    </>
  );
}
