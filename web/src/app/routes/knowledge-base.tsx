import { useTranslation } from "react-i18next";
import { PageHeading } from "@/components/layout/page-heading";
import { KnowledgeBase } from "@/features/knowledge-base/components/knowledge-base";

/** Help articles: search and trending. */
export function Component() {
  const { t } = useTranslation();
  const title = t("Pages.KnowledgeBase");
  return (
    <>
      <PageHeading documentTitle={title}>{title}</PageHeading>
      <KnowledgeBase />
    </>
  );
}
