import type { NewsItem } from "@contract/feeds";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { NewTabLink } from "@/components/ui/new-tab-link";
import { paths } from "@/config/paths";
import { formatInstantNewsDate } from "@/utils/format-instant";
import { useNews } from "../api/get-feeds";
import { padNews, slidesPerView, visibleIndexes } from "../carousel-layout";
import { useFeedErrorToast } from "./use-feed-error-toast";
import { useViewportWidth } from "./use-viewport-width";

/**
 * The city news carousel: 1, 2 or 3 slides by width, previous/next buttons, no auto-rotation
 * (WCAG 2.2.2), the visible slides announced politely when they change.
 */
export function NewsCarousel({ signedIn = false }: { signedIn?: boolean }) {
  const { t, i18n } = useTranslation();
  const feedLang = i18n.language === "en" ? undefined : "en";
  const news = useNews();
  const width = useViewportWidth();
  const [start, setStart] = useState(0);
  useFeedErrorToast(news.isError);

  const entries = padNews(news.data ?? []);
  const perView = slidesPerView(width, signedIn);
  const visible = visibleIndexes(start, perView, entries.length);
  const canMove = entries.length > perView;
  const move = (step: number) => setStart((value) => (value + step + entries.length) % entries.length);

  return (
    <section className="news" aria-roledescription={t("News.Carousel")} aria-labelledby="news-heading">
      <div className="news__header">
        <h2 id="news-heading">{t("News.Heading")}</h2>
        <div className="news__controls">
          <button type="button" className="button button--secondary" onClick={() => move(-1)} disabled={!canMove}>
            <span aria-hidden="true">‹ </span>
            {t("News.Previous")}
          </button>
          <button type="button" className="button button--secondary" onClick={() => move(1)} disabled={!canMove}>
            {t("News.Next")}
            <span aria-hidden="true"> ›</span>
          </button>
        </div>
      </div>
      {/* Holds a slide's height from the first paint, so the slides arriving move nothing (CLS). */}
      <div className="news__body">
        {news.isError && (
          <p role="alert" className="error-text">
            {t("News.LoadError")}
          </p>
        )}
        {news.isPending ? (
          <p>{t("News.Loading")}</p>
        ) : (
          <ul
            className="news__slides"
            aria-live="polite"
            style={{ gridTemplateColumns: `repeat(${visible.length}, 1fr)` }}
          >
            {visible.map((index) => {
              const entry = entries[index];
              if (!entry) return null;
              const label = t("News.SlideLabel", { index: index + 1, total: entries.length });
              if (entry.kind === "more") {
                return (
                  <li key={entry.key} className="news__slide news__slide--more" aria-label={label}>
                    <p>{t("News.MoreNews")}</p>
                    <Link to={paths.cityNews.href()}>{t("News.AllNews")}</Link>
                  </li>
                );
              }
              const item: NewsItem = entry.item;
              return (
                <li key={`${item.link}-${index}`} className="news__slide" aria-label={label}>
                  {item.enclosure?.url && <img src={item.enclosure.url} alt="" loading="lazy" />}
                  {/* The city's RSS feed is in English only: marked so, for screen readers (WCAG 3.1.2). */}
                  <h3 lang={feedLang}>
                    <NewTabLink href={item.link}>{item.title}</NewTabLink>
                  </h3>
                  {item.pubDate && <p className="news__date">{formatInstantNewsDate(item.pubDate)}</p>}
                  {item.contentSnippet && <p lang={feedLang}>{item.contentSnippet}</p>}
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </section>
  );
}
