import MiniSearch, { type SearchResult } from "minisearch";
import { crmConnector } from "../../connectors/crm/connection";
import type { Activity } from "../../contract/activity";
import type { BoardDetails } from "../../contract/boards";
import {
  type HighlightPart,
  SEARCH_PAGE_SIZE,
  type SearchResultKind,
  type SiteSearchAnswer,
  type SiteSearchResult,
} from "../../contract/site-search";
import { listActivities } from "../../data/activities";
import { translationsOf } from "../../data/translations";
import { PromiseCache } from "../../platform/cache";
import { listBoards } from "../boards/boards.service";
import { shownNewsQuery } from "../city-news/city-news.service";
import { articlesIn, type StoredArticle } from "../knowledge-base/knowledge-base.service";
import { SITE_PAGES } from "./site-pages";

type Lang = "en" | "es";

/** One searchable thing: what the index reads (title, body) and what a result shows. */
export interface SearchDoc {
  id: string;
  kind: SearchResultKind;
  url: string;
  title: string;
  body: string;
}

/** What the index is built from, besides the catalogue (which the data layer keeps current). */
export interface SearchContent {
  articles: Record<Lang, StoredArticle[]>;
  boards: BoardDetails[];
  news: { Id: string; Category__c: string; Update__c: string; Additional_Info__c: string }[];
  /** Spanish service names by service id (languages editor, Group "Activity.Item"). */
  spanishServiceNames: Map<string, string>;
}

/**
 * CRM content changes a few times a day: it is read again after 15 minutes (a few CRM calls per
 * instance, not per search). The catalogue is read from memory on every search and the index is
 * rebuilt when it changes (data/activities.ts keeps it current through a Firestore listener).
 */
export const SEARCH_CONTENT_TTL_MS = 15 * 60_000;
const contentCache = new PromiseCache<"all", SearchContent>({ ttlMs: SEARCH_CONTENT_TTL_MS, max: 1 });

const text = (value: unknown) => (typeof value === "string" ? value : "");

async function loadContent(): Promise<SearchContent> {
  const [en, es, boards, news, spanish] = await Promise.all([
    articlesIn("en"),
    articlesIn("es"),
    listBoards(),
    // Only posts already shown in the news feed: a post dated tomorrow is not found before its day.
    crmConnector().query(shownNewsQuery(["Id", "Category__c", "Update__c", "Additional_Info__c"], { limit: 200 })),
    translationsOf("es"),
  ]);
  return {
    articles: { en, es },
    boards,
    news: news.map((row) => ({
      Id: row.Id,
      Category__c: text(row.Category__c),
      Update__c: text(row.Update__c),
      Additional_Info__c: text(row.Additional_Info__c),
    })),
    spanishServiceNames: new Map(
      spanish
        .filter(({ data }) => data.Group === "Activity.Item" && data.SingularForm)
        .map(({ data }) => [data.LanguageKey, data.SingularForm]),
    ),
  };
}

/** Services' own text is HTML for CONTENT services; the index reads words only. */
const plain = (html: string) =>
  html
    .replace(/<[^>]*>/g, " ")
    .replace(/&nbsp;/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ")
    .trim();

/** The documents of one language: services, help articles, boards, news and pages. */
export function searchDocs(lang: Lang, services: readonly Activity[], content: SearchContent): SearchDoc[] {
  const docs: SearchDoc[] = [];
  for (const service of services) {
    const spanish = lang === "es" ? content.spanishServiceNames.get(service.Id) : undefined;
    docs.push({
      id: `service:${service.Id}`,
      kind: "service",
      url: `/activity/start?activityId=${encodeURIComponent(service.Id)}`,
      title: spanish ?? service.Item,
      // The English name stays searchable for a Spanish reader who types it.
      body: [spanish ? service.Item : "", plain(service.Description), plain(service.Content ?? "")]
        .filter(Boolean)
        .join(" "),
    });
  }
  for (const article of content.articles[lang]) {
    docs.push({
      id: `article:${article.id}`,
      kind: "article",
      url: `/knowledgebase/${encodeURIComponent(article.id)}`,
      title: article.title,
      body: [article.summary, ...article.layoutItems.map((item) => item.value)].join(" "),
    });
  }
  for (const board of content.boards) {
    docs.push({
      id: `board:${board.id}`,
      kind: "board",
      url: `/boards-and-commissions/${encodeURIComponent(board.id)}`,
      title: board.name,
      body: [board.alias, board.overview, ...board.powersAndDuties].join(" "),
    });
  }
  for (const post of content.news) {
    docs.push({
      id: `news:${post.Id}`,
      kind: "news",
      url: "/elgin_today",
      title: post.Update__c,
      body: [post.Category__c, post.Additional_Info__c].join(" "),
    });
  }
  for (const page of SITE_PAGES) {
    const [title, body] = page[lang];
    docs.push({ id: `page:${page.path}`, kind: "page", url: page.path, title, body });
  }
  return docs;
}

/** Case and accents do not matter: "Recolección" matches "recoleccion". */
export const foldTerm = (term: string) => term.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();

/** Services first when scores tie closely: they are what most searches are for. */
const KIND_BOOST: Record<SearchResultKind, number> = { service: 1.6, page: 1.3, article: 1.2, board: 1, news: 0.8 };

/** A MiniSearch index of one language's documents: typo-tolerant (one edit in five letters), prefix matches. */
export function buildIndex(docs: SearchDoc[]): MiniSearch<SearchDoc> {
  const index = new MiniSearch<SearchDoc>({
    fields: ["title", "body"],
    storeFields: ["kind", "url", "title", "body"],
    processTerm: (term) => {
      const folded = foldTerm(term);
      return folded.length > 1 ? folded : null;
    },
    searchOptions: {
      boost: { title: 3 },
      fuzzy: (term) => (term.length < 4 ? 0 : term.length < 9 ? 1 : 2),
      prefix: (term) => term.length >= 3,
      boostDocument: (_id, _term, stored) => KIND_BOOST[(stored?.kind as SearchResultKind) ?? "page"] ?? 1,
    },
  });
  index.addAll(docs);
  return index;
}

const WORD = /[\p{L}\p{N}]+/gu;

/** Splits text into runs, marking each word the search matched (compared folded). */
export function highlightParts(value: string, matched: ReadonlySet<string>): HighlightPart[] {
  const parts: HighlightPart[] = [];
  let last = 0;
  for (const word of value.matchAll(WORD)) {
    const start = word.index ?? 0;
    if (!matched.has(foldTerm(word[0]))) continue;
    if (start > last) parts.push({ text: value.slice(last, start), match: false });
    parts.push({ text: word[0], match: true });
    last = start + word[0].length;
  }
  if (last < value.length) parts.push({ text: value.slice(last), match: false });
  return parts;
}

const EXCERPT_CHARS = 180;

/** About 180 characters of the body around its first matched word, with "…" where it was cut. */
export function excerpt(body: string, matched: ReadonlySet<string>): string {
  let first = -1;
  for (const word of body.matchAll(WORD)) {
    if (matched.has(foldTerm(word[0]))) {
      first = word.index ?? 0;
      break;
    }
  }
  if (body.length <= EXCERPT_CHARS) return body;
  const start = first < 0 ? 0 : Math.max(0, body.lastIndexOf(" ", Math.max(0, first - 60)) + 1);
  const end = Math.min(body.length, start + EXCERPT_CHARS);
  const cut = end < body.length ? body.lastIndexOf(" ", end) : end;
  return `${start > 0 ? "…" : ""}${body.slice(start, cut > start ? cut : end)}${end < body.length ? "…" : ""}`;
}

/** The answer for one page of an index's results. */
export function pageOfResults(index: MiniSearch<SearchDoc>, term: string, page: number): SiteSearchAnswer {
  const found: SearchResult[] = term.trim() ? index.search(term) : [];
  const start = (page - 1) * SEARCH_PAGE_SIZE;
  const results = found.slice(start, start + SEARCH_PAGE_SIZE).map((hit): SiteSearchResult => {
    const matched = new Set(hit.terms);
    const title = String(hit.title);
    return {
      id: String(hit.id),
      kind: hit.kind as SearchResultKind,
      url: String(hit.url),
      title,
      titleParts: highlightParts(title, matched),
      highlight: highlightParts(excerpt(String(hit.body), matched), matched),
    };
  });
  return { results, total: found.length, page, pageSize: SEARCH_PAGE_SIZE };
}

interface BuiltIndexes {
  services: readonly Activity[];
  content: SearchContent;
  byLang: Partial<Record<Lang, MiniSearch<SearchDoc>>>;
}
let built: BuiltIndexes | undefined;

/**
 * The index of a language, built once per instance and rebuilt only when the catalogue or the
 * CRM content it was built from has been replaced (never a scan per request).
 */
export async function siteSearchIndex(lang: Lang): Promise<MiniSearch<SearchDoc>> {
  const [services, content] = await Promise.all([listActivities(), contentCache.get("all", loadContent)]);
  if (!built || built.services !== services || built.content !== content) built = { services, content, byLang: {} };
  built.byLang[lang] ??= buildIndex(searchDocs(lang, services, content));
  return built.byLang[lang];
}
