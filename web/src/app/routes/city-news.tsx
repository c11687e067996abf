import { useTranslation } from "react-i18next";
import { PageHeading } from "@/components/layout/page-heading";
import { CityNewsList } from "@/features/city-news/components/city-news-list";

/** Elgin Today: the city's news posts, ten at a time. */
export function Component() {
  const { t } = useTranslation();
  const title = t("Pages.CityNews");
  return (
    <>
      <PageHeading documentTitle={title}>{title}</PageHeading>
      <CityNewsList />
    </>
  );
}
