import { useTranslation } from "react-i18next";
import { PageHeading } from "@/components/layout/page-heading";
import { SiteSearchResults } from "@/features/site-search/components/site-search-results";

/** Search results across the portal, from the header's search box. */
export function Component() {
  const { t } = useTranslation();
  const title = t("Pages.Search");
  return (
    <>
      <PageHeading documentTitle={title}>{title}</PageHeading>
      <SiteSearchResults />
    </>
  );
}
