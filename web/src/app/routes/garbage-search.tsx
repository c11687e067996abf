import { useTranslation } from "react-i18next";
import { PageHeading } from "@/components/layout/page-heading";
import { GarbageSearch } from "@/features/garbage/components/garbage-search";

/** Garbage pickup day by address, with holiday shifts and a calendar to subscribe to. */
export function Component() {
  const { t } = useTranslation();
  const title = t("Pages.GarbageSearch");
  return (
    <>
      <PageHeading documentTitle={title}>{title}</PageHeading>
      <GarbageSearch />
    </>
  );
}
