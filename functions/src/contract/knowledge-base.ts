import { z } from "zod";
import { ZSiteSearchQuery } from "./site-search";

export const KNOWLEDGE_PAGE_SIZE = 10;
export const TRENDING_SHOWN = 5;

const ZLang = z.enum(["en", "es"]).optional();

/** GET /api/salesforce/knowledgebase?term=&page=&lang=: the site search's query (a term, a page, a language). */
export const ZKnowledgeSearchQuery = ZSiteSearchQuery;

/** GET /api/salesforce/knowledgebase/trending?lang= */
export const ZKnowledgeLangQuery = z.object({ lang: ZLang });

/** GET /api/salesforce/knowledgebase/:id (the article id shared by its language versions). */
export const ZKnowledgeArticleParams = z.object({
  id: z.string().regex(/^[A-Za-z0-9]{15,18}$/, { message: "Invalid" }),
});

/** A help article (spec 3 §3): id, title, summary and its layout items (plain text paragraphs). */
export interface HelpArticle {
  id: string;
  title: string;
  summary: string;
  /** The language of the version served: Spanish where a Spanish version exists. */
  language: "en" | "es";
  layoutItems: { name: string; label: string; value: string }[];
}

export type HelpArticleSummary = Omit<HelpArticle, "layoutItems">;

export interface KnowledgeSearchAnswer {
  articles: HelpArticleSummary[];
  total: number;
  page: number;
  pageSize: number;
}
