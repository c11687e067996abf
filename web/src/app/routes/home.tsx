import { useTranslation } from "react-i18next";
import { PageHeading } from "@/components/layout/page-heading";

/** The public home page (spec 1 §2.6); loaded with the shell because every visit starts here. */
export function Component() {
  const { t } = useTranslation();
  const title = t("Pages.Home");
  return (
    <>
      <PageHeading documentTitle={title}>{title}</PageHeading>
      <p className="lead">{t("Home.Intro")}</p>
    </>
  );
}
