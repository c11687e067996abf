import { useTranslation } from "react-i18next";
import { PageHeading } from "./page-heading";

/** A page a later issue fills in: titled, focusable and translated already. */
export function PlaceholderPage({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation();
  const title = t(titleKey);
  return (
    <>
      <PageHeading documentTitle={title}>{title}</PageHeading>
      <p>{t("Placeholder.Body")}</p>
    </>
  );
}
