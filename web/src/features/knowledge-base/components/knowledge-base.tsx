import type { HelpArticleSummary } from "@contract/knowledge-base";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router-dom";
import { TextField } from "@/components/ui/form/text-field";
import { Pager } from "@/components/ui/pager";
import { paths } from "@/config/paths";
import { useArticleSearch, useTrendingArticles } from "../api/knowledge-base";
import "./knowledge-base.css";

function ArticleLinks({ articles }: { articles: HelpArticleSummary[] }) {
  return (
    <ul className="kb__list">
      {articles.map((article) => (
        <li key={article.id}>
          <Link to={paths.knowledgeBaseArticle.href(article.id)}>{article.title}</Link>
          <p>{article.summary}</p>
        </li>
      ))}
    </ul>
  );
}

/** /knowledgebase?term=&page= (spec 3 §2): search, results and the trending list, side by side from 1216 px. */
export function KnowledgeBase() {
  const { t, i18n } = useTranslation();
  const [params, setParams] = useSearchParams();
  const term = params.get("term") ?? "";
  const page = Math.max(1, Number.parseInt(params.get("page") ?? "1", 10) || 1);
  const search = useArticleSearch(term, i18n.language, page);
  const trending = useTrendingArticles(i18n.language);
  // Every result can be reached: the search's pages (?term=&page=), each with its address (issue 28).
  const pageCount = search.isSuccess ? Math.ceil(search.data.total / Math.max(1, search.data.pageSize)) : 0;
  const form = useForm<{ term: string }>({ defaultValues: { term } });
  const onSubmit = form.handleSubmit(({ term: next }) => setParams(next.trim() ? { term: next.trim() } : {}));

  return (
    <div className="kb">
      <section className="kb__search" aria-labelledby="kb-results-heading">
        <form noValidate onSubmit={onSubmit} className="kb__form" aria-label={t("KnowledgeBase.SearchLabel")}>
          <TextField id="kb-term" type="search" label={t("KnowledgeBase.SearchLabel")} {...form.register("term")} />
          <div>
            <button type="submit" className="button button--primary">
              {t("KnowledgeBase.Search")}
            </button>
          </div>
        </form>
        <h2 id="kb-results-heading">{t("KnowledgeBase.Results")}</h2>
        <div aria-live="polite">
          {!term.trim() ? <p>{t("KnowledgeBase.EnterCriteria")}</p> : null}
          {search.isError ? (
            <p role="alert" className="error-text">
              {t("Util.ErrorTryAgainLater")}
            </p>
          ) : null}
          {search.isSuccess && search.data.articles.length === 0 ? <p>{t("KnowledgeBase.NoResults")}</p> : null}
          {search.isSuccess ? <ArticleLinks articles={search.data.articles} /> : null}
          {search.isSuccess && pageCount > 1 ? (
            <Pager
              className="kb__pages"
              label={t("KnowledgeBase.Pages")}
              page={search.data.page - 1}
              pages={pageCount}
              onPage={(next) => setParams(next > 0 ? { term, page: String(next + 1) } : { term })}
              previousLabel={t("KnowledgeBase.PreviousPage")}
              nextLabel={t("KnowledgeBase.NextPage")}
              pageOfText={t("KnowledgeBase.PageOf", { page: search.data.page, count: pageCount })}
            />
          ) : null}
        </div>
      </section>
      <section className="kb__trending" aria-labelledby="kb-trending-heading">
        <h2 id="kb-trending-heading">{t("KnowledgeBase.Trending")}</h2>
        {trending.isSuccess && trending.data.length === 0 ? <p>{t("KnowledgeBase.NoTrending")}</p> : null}
        {trending.isError ? <p className="error-text">{t("Util.ErrorTryAgainLater")}</p> : null}
        {trending.isSuccess ? <ArticleLinks articles={trending.data} /> : null}
      </section>
    </div>
  );
}
