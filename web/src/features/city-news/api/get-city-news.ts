import type { NewsPost } from "@contract/city-news";
import { NEWS_PAGE_SIZE } from "@contract/city-news-page";
import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

// GET /api/salesforce/elginToday?offset=&limit=10
export function getCityNews(offset: number): Promise<NewsPost[]> {
  return api.get<NewsPost[]>(`/salesforce/elginToday?offset=${offset}&limit=${NEWS_PAGE_SIZE}`);
}

/** Pages by offset; the list ends when a page comes back empty (spec 3 §4). */
export const cityNewsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: ["city-news"],
    queryFn: ({ pageParam }) => getCityNews(pageParam),
    initialPageParam: 0,
    getNextPageParam: (lastPage, _pages, lastOffset) =>
      lastPage.length === 0 ? undefined : lastOffset + NEWS_PAGE_SIZE,
    staleTime: 5 * 60_000,
  });

export function useCityNews() {
  return useInfiniteQuery(cityNewsQueryOptions());
}
