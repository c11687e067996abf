// GET /api/salesforce/knowledgebase/trending?lang=
// GET /api/salesforce/knowledgebase?term=&page=&lang=
// GET /api/salesforce/knowledgebase/:id?lang=
import { crmConnector } from "../../connectors/crm/connection";
import {
  type HelpArticle,
  type HelpArticleSummary,
  KNOWLEDGE_PAGE_SIZE,
  type KnowledgeSearchAnswer,
  TRENDING_SHOWN,
  ZKnowledgeArticleParams,
  ZKnowledgeLangQuery,
  ZKnowledgeSearchQuery,
} from "../../contract/knowledge-base";
import { PromiseCache } from "../../platform/cache";
import { notFound } from "../../platform/http/api-error";
import { type AnyRoute, route, type ThrottleRule } from "../../platform/http/route";

/**
 * The published articles are a few dozen: one CRM query every half hour reads them all, and
 * trending, search and article answers come from that copy (the CRM has a daily call budget).
 */
const ARTICLES_CACHE_MS = 30 * 60_000;
const articlesCache = new PromiseCache<"all", StoredArticle[]>({ ttlMs: ARTICLES_CACHE_MS, max: 1 });

interface StoredArticle extends HelpArticle {
  trending: number;
}

const text = (value: unknown) => (typeof value === "string" ? value : "");

/** Article bodies are CRM HTML; the portal shows their text as paragraphs, never as markup. */
export function htmlToParagraphs(html: string): string {
  return html
    .replace(/<\/(p|div|li|h[1-6])>|<br\s*\/?>/gi, "\n")
    .replace(/<[^>]*>/g, "")
    .replace(/&nbsp;/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean)
    .join("\n");
}

async function loadArticles(): Promise<StoredArticle[]> {
  const rows = await crmConnector().query({
    text: "SELECT Id, KnowledgeArticleId, Title, Summary, Language, Body__c, Trending_Score__c FROM Knowledge__kav WHERE PublishStatus = 'Online'",
  });
  return rows.map((row) => ({
    id: text(row.KnowledgeArticleId),
    title: text(row.Title),
    summary: text(row.Summary),
    language: row.Language === "es" ? "es" : "en",
    layoutItems: [{ name: "Body__c", label: "Body", value: htmlToParagraphs(text(row.Body__c)) }],
    trending: typeof row.Trending_Score__c === "number" ? row.Trending_Score__c : 0,
  }));
}

/** One version per article: the reader's language where it exists, English otherwise. */
async function articlesIn(lang: "en" | "es" = "en"): Promise<StoredArticle[]> {
  const all = await articlesCache.get("all", loadArticles);
  const chosen = new Map<string, StoredArticle>();
  for (const article of all) {
    const current = chosen.get(article.id);
    if (!current || (current.language !== lang && article.language === lang)) chosen.set(article.id, article);
  }
  return [...chosen.values()];
}

const summaryOf = ({ id, title, summary, language }: StoredArticle): HelpArticleSummary => ({
  id,
  title,
  summary,
  language,
});
const fold = (value: string) => value.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();

const KB_THROTTLE: ThrottleRule[] = [{ name: "knowledge-base", key: "caller", limit: 300, windowSeconds: 600 }];

export const knowledgeBaseRoutes: AnyRoute[] = [
  route({
    method: "GET",
    path: "/api/salesforce/knowledgebase/trending",
    access: "public",
    query: ZKnowledgeLangQuery,
    throttle: KB_THROTTLE,
    summary: "The most read help articles, in the reader's language where it exists",
    example: { query: { lang: "en" } },
    handler: async ({ query }) =>
      (await articlesIn(query.lang))
        .sort((a, b) => b.trending - a.trending || a.title.localeCompare(b.title))
        .slice(0, TRENDING_SHOWN)
        .map(summaryOf),
  }),
  route({
    method: "GET",
    path: "/api/salesforce/knowledgebase",
    access: "public",
    query: ZKnowledgeSearchQuery,
    throttle: KB_THROTTLE,
    summary: "Help articles whose title or summary hold every word of the term, paged by 10",
    example: { query: { term: "water", page: "1" } },
    handler: async ({ query }): Promise<KnowledgeSearchAnswer> => {
      const words = fold(query.term ?? "")
        .split(/\s+/)
        .filter(Boolean);
      if (words.length === 0) return { articles: [], total: 0, page: query.page, pageSize: KNOWLEDGE_PAGE_SIZE };
      const matches = (await articlesIn(query.lang))
        .filter((article) => {
          const haystack = fold(`${article.title} ${article.summary}`);
          return words.every((word) => haystack.includes(word));
        })
        .sort((a, b) => a.title.localeCompare(b.title));
      const start = (query.page - 1) * KNOWLEDGE_PAGE_SIZE;
      return {
        articles: matches.slice(start, start + KNOWLEDGE_PAGE_SIZE).map(summaryOf),
        total: matches.length,
        page: query.page,
        pageSize: KNOWLEDGE_PAGE_SIZE,
      };
    },
  }),
  route({
    method: "GET",
    path: "/api/salesforce/knowledgebase/:id",
    access: "public",
    params: ZKnowledgeArticleParams,
    query: ZKnowledgeLangQuery,
    throttle: KB_THROTTLE,
    summary: "A help article with its layout items, Spanish for Spanish readers where it exists",
    example: { params: { id: "kA0000000000001AAA" } },
    handler: async ({ params, query }): Promise<HelpArticle> => {
      const article = (await articlesIn(query.lang)).find((candidate) => candidate.id === params.id);
      if (!article) throw notFound("No help article with this id.");
      const { trending: _trending, ...shown } = article;
      return shown;
    },
  }),
];
