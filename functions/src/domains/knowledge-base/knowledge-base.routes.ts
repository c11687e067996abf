// GET /api/salesforce/knowledgebase/trending?lang=
// GET /api/salesforce/knowledgebase?term=&page=&lang=
// GET /api/salesforce/knowledgebase/:id?lang=
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
import { notFound } from "../../platform/http/api-error";
import { type AnyRoute, route, type ThrottleRule } from "../../platform/http/route";
import { articlesIn, type StoredArticle } from "./knowledge-base.service";

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
