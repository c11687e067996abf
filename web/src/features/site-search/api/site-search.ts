import type { SiteSearchAnswer } from "@contract/site-search";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

// GET /api/search?term=&page=&lang=
export function useSiteSearch(term: string, page: number, language: string) {
  const lang = language === "es" ? "es" : "en";
  return useQuery({
    queryKey: ["site-search", term, page, lang],
    queryFn: () => api.get<SiteSearchAnswer>(`/search?${new URLSearchParams({ term, page: String(page), lang })}`),
    enabled: term.trim() !== "",
    placeholderData: keepPreviousData,
    staleTime: 5 * 60_000,
  });
}
