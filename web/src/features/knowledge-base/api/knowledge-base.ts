import type { HelpArticle, HelpArticleSummary, KnowledgeSearchAnswer } from "@contract/knowledge-base";
import { useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

const langOf = (language: string) => (language === "es" ? "es" : "en");

// GET /api/salesforce/knowledgebase/trending?lang=
export function useTrendingArticles(language: string) {
  const lang = langOf(language);
  return useQuery({
    queryKey: ["knowledge-base", "trending", lang],
    queryFn: () => api.get<HelpArticleSummary[]>(`/salesforce/knowledgebase/trending?lang=${lang}`),
    staleTime: 5 * 60_000,
  });
}

// GET /api/salesforce/knowledgebase?term=&page=&lang=
export function useArticleSearch(term: string, language: string, page = 1) {
  const lang = langOf(language);
  return useQuery({
    queryKey: ["knowledge-base", "search", term, lang, page],
    queryFn: () =>
      api.get<KnowledgeSearchAnswer>(
        `/salesforce/knowledgebase?${new URLSearchParams({ term, page: String(page), lang })}`,
      ),
    enabled: term.trim() !== "",
    staleTime: 5 * 60_000,
    // The same search's previous page stays on screen while the next loads, so the pager (and the
    // focus on its button) is not removed in between.
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[2] === term && previousQuery.queryKey[3] === lang ? previous : undefined,
  });
}

// GET /api/salesforce/knowledgebase/:id?lang=
export function useHelpArticle(id: string, language: string) {
  const lang = langOf(language);
  return useQuery({
    queryKey: ["knowledge-base", "article", id, lang],
    queryFn: () => api.get<HelpArticle>(`/salesforce/knowledgebase/${encodeURIComponent(id)}?lang=${lang}`),
    staleTime: 5 * 60_000,
  });
}
