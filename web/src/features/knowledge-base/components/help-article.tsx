import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router-dom";
import { PageHeading } from "@/components/layout/page-heading";
import { paths } from "@/config/paths";
import { ApiError } from "@/lib/api-client";
import { useHelpArticle } from "../api/knowledge-base";
import "./knowledge-base.css";

/** /knowledgebase/{id}: the article's title, summary and layout items, in Spanish where it exists. */
export function HelpArticlePage() {
  const { t, i18n } = useTranslation();
  const { id = "" } = useParams();
  const article = useHelpArticle(id, i18n.language);
  const title = article.data?.title ?? t("Pages.KnowledgeBaseArticle");
  return (
    <>
      <p>
        <Link to={paths.knowledgeBase.path}>{t("KnowledgeBase.Back")}</Link>
      </p>
      <PageHeading documentTitle={title}>{title}</PageHeading>
      {article.isPending ? <p>{t("KnowledgeBase.Loading")}</p> : null}
      {article.isError ? (
        <p role="alert" className="error-text">
          {article.error instanceof ApiError && article.error.status === 404
            ? t("KnowledgeBase.NotFound")
            : t("Util.ErrorTryAgainLater")}
        </p>
      ) : null}
      {article.isSuccess ? (
        <article className="kb-article" lang={article.data.language}>
          <p className="kb-article__summary">{article.data.summary}</p>
          {article.data.layoutItems.map((item) => (
            <div key={item.name}>
              {item.value.split("\n").map((paragraph) => (
                <p key={paragraph}>{paragraph}</p>
              ))}
            </div>
          ))}
        </article>
      ) : null}
    </>
  );
}
