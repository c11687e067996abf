import type { HighlightPart, SiteSearchAnswer } from "@contract/site-search";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router-dom";
import { useSiteSearch } from "../api/site-search";
import "./site-search.css";

function Highlighted({ parts }: { parts: HighlightPart[] }) {
  return (
    <>
      {parts.map((part, index) =>
        // biome-ignore lint/suspicious/noArrayIndexKey: parts are a fixed split of one text
        part.match ? <mark key={index}>{part.text}</mark> : <span key={index}>{part.text}</span>,
      )}
    </>
  );
}

function Pager({ answer, term }: { answer: SiteSearchAnswer; term: string }) {
  const { t } = useTranslation();
  const pages = Math.ceil(answer.total / answer.pageSize);
  if (pages <= 1) return null;
  const href = (page: number) => `?${new URLSearchParams({ term, page: String(page) })}`;
  return (
    <nav className="site-search__pager" aria-label={t("SiteSearch.Pages")}>
      {answer.page > 1 ? <Link to={href(answer.page - 1)}>{t("SiteSearch.Previous")}</Link> : null}
      <span>{t("SiteSearch.PageOf", { page: answer.page, pages })}</span>
      {answer.page < pages ? <Link to={href(answer.page + 1)}>{t("SiteSearch.Next")}</Link> : null}
    </nav>
  );
}

/** /search?term=&page= (spec 3 §2 site search): ranked results with highlighted matches, 15 a page. */
export function SiteSearchResults() {
  const { t, i18n } = useTranslation();
  const [params] = useSearchParams();
  const term = (params.get("term") ?? "").trim();
  const page = Math.max(1, Math.min(100, Number.parseInt(params.get("page") ?? "1", 10) || 1));
  const search = useSiteSearch(term, page, i18n.language);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const shownPage = search.data?.page;

  // A new page of results: focus its heading, as a new page would.
  useEffect(() => {
    if (shownPage && shownPage > 1) headingRef.current?.focus();
  }, [shownPage]);

  return (
    <section className="site-search" aria-labelledby="site-search-heading">
      <h2 id="site-search-heading" ref={headingRef} tabIndex={-1}>
        {term ? t("SiteSearch.ResultsFor", { term }) : t("SiteSearch.EnterTerm")}
      </h2>
      <div aria-live="polite">
        {term && search.isPending ? <p>{t("SiteSearch.Searching")}</p> : null}
        {search.isError ? (
          <p role="alert" className="error-text">
            {t("Util.ErrorTryAgainLater")}
          </p>
        ) : null}
        {search.isSuccess && search.data.total === 0 ? <p>{t("SiteSearch.NoResults")}</p> : null}
        {search.isSuccess && search.data.total > 0 ? (
          <p>{t("SiteSearch.Count", { count: search.data.total })}</p>
        ) : null}
      </div>
      {search.isSuccess && search.data.results.length > 0 ? (
        <>
          <ol className="site-search__list" start={(search.data.page - 1) * search.data.pageSize + 1}>
            {search.data.results.map((result) => (
              <li key={result.id} className="site-search__item">
                <p className="site-search__kind">{t(`SiteSearch.Kind.${result.kind}`)}</p>
                <h3>
                  <Link to={result.url}>
                    <Highlighted parts={result.titleParts} />
                  </Link>
                </h3>
                {result.highlight.length > 0 ? (
                  <p>
                    <Highlighted parts={result.highlight} />
                  </p>
                ) : null}
              </li>
            ))}
          </ol>
          <Pager answer={search.data} term={term} />
        </>
      ) : null}
    </section>
  );
}
