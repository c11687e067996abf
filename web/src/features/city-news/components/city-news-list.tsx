import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { formatNewsDate } from "@/utils/format";
import { useCityNews } from "../api/get-city-news";
import "./city-news.css";

/** A post's more-information: a link when it is an address (a raw URL is long, unreadable and English-neutral at best). */
function AdditionalInfo({ info, title }: { info: string; title: string }) {
  const { t } = useTranslation();
  if (!/^https?:\/\/\S+$/.test(info.trim())) return <p>{info}</p>;
  return (
    <p>
      <a href={info.trim()} target="_blank" rel="noopener noreferrer">
        {t("CityNews.MoreInformation")}
        <span className="visually-hidden">
          {": "}
          {title} {t("Links.OpensInNewTab")}
        </span>
      </a>
    </p>
  );
}

/** /elgin_today: ten posts a page with "load more"; focus moves to the first post a click added. */
export function CityNewsList() {
  const { t, i18n } = useTranslation();
  const spanish = i18n.language === "es";
  const news = useCityNews();
  const posts = news.data?.pages.flat() ?? [];
  const ended = news.isSuccess && !news.hasNextPage;
  const firstNewIndex = useRef<number | null>(null);
  const itemRefs = useRef(new Map<number, HTMLHeadingElement>());
  const endRef = useRef<HTMLParagraphElement>(null);

  // After a "load more", keyboard and screen-reader users continue at the first new post (or at
  // the end notice when the page was empty), not back at the top or on a vanished button.
  useEffect(() => {
    const index = firstNewIndex.current;
    if (index === null || news.isFetchingNextPage) return;
    firstNewIndex.current = null;
    (itemRefs.current.get(index) ?? endRef.current)?.focus();
  }, [news.isFetchingNextPage]);

  const loadMore = () => {
    firstNewIndex.current = posts.length;
    void news.fetchNextPage();
  };

  return (
    <div className="city-news">
      {news.isPending ? <p>{t("CityNews.Loading")}</p> : null}
      {news.isError ? (
        <p role="alert" className="error-text">
          {t("CityNews.LoadError")}
        </p>
      ) : null}
      {news.isSuccess && posts.length === 0 ? <p>{t("CityNews.None")}</p> : null}
      <ol className="city-news__list">
        {posts.map((post, index) => (
          <li key={post.Id} className="city-news__item">
            <h2
              tabIndex={-1}
              ref={(element) => {
                if (element) itemRefs.current.set(index, element);
                else itemRefs.current.delete(index);
              }}
              lang={spanish && !post.Update_Spanish__c ? "en" : undefined}
            >
              {spanish && post.Update_Spanish__c ? post.Update_Spanish__c : post.Update__c}
            </h2>
            <p className="city-news__meta">
              {t(`CityNews.Categories.${post.Category__c.replace(/[^A-Za-z]/g, "")}`, {
                defaultValue: post.Category__c,
              })}
              {post.Show_On__c ? ` · ${formatNewsDate(`${post.Show_On__c}T12:00:00Z`)}` : ""}
            </p>
            {post.Additional_Info__c ? (
              <AdditionalInfo
                info={post.Additional_Info__c}
                title={spanish && post.Update_Spanish__c ? post.Update_Spanish__c : post.Update__c}
              />
            ) : null}
          </li>
        ))}
      </ol>
      {news.hasNextPage ? (
        <button
          type="button"
          className="button button--secondary"
          onClick={loadMore}
          disabled={news.isFetchingNextPage}
          aria-busy={news.isFetchingNextPage}
        >
          {news.isFetchingNextPage ? t("CityNews.LoadingMore") : t("CityNews.LoadMore")}
        </button>
      ) : null}
      {ended && posts.length > 0 ? (
        <p ref={endRef} tabIndex={-1} role="status">
          {t("CityNews.End")}
        </p>
      ) : null}
    </div>
  );
}
