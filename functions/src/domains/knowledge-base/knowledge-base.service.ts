import { crmConnector } from "../../connectors/crm/connection";
import type { HelpArticle } from "../../contract/knowledge-base";
import { PromiseCache } from "../../platform/cache";

/**
 * The published articles are a few dozen: one CRM query every half hour reads them all, and
 * trending, search and article answers come from that copy (the CRM has a daily call budget).
 */
const ARTICLES_CACHE_MS = 30 * 60_000;
const articlesCache = new PromiseCache<"all", StoredArticle[]>({ ttlMs: ARTICLES_CACHE_MS, max: 1 });

export interface StoredArticle extends HelpArticle {
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
export async function articlesIn(lang: "en" | "es" = "en"): Promise<StoredArticle[]> {
  const all = await articlesCache.get("all", loadArticles);
  const chosen = new Map<string, StoredArticle>();
  for (const article of all) {
    const current = chosen.get(article.id);
    if (!current || (current.language !== lang && article.language === lang)) chosen.set(article.id, article);
  }
  return [...chosen.values()];
}
