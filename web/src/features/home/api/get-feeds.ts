import type { EventItem, NewsItem } from "@contract/feeds";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

// GET /api/feeds/news
export const getNews = () => api.get<NewsItem[]>("/feeds/news");
// GET /api/feeds/events
export const getEvents = () => api.get<EventItem[]>("/feeds/events");

export const newsQueryOptions = () =>
  queryOptions({ queryKey: ["feeds", "news"], queryFn: getNews, staleTime: 5 * 60_000, retry: 1 });
export const eventsQueryOptions = () =>
  queryOptions({ queryKey: ["feeds", "events"], queryFn: getEvents, staleTime: 5 * 60_000, retry: 1 });

export const useNews = () => useQuery(newsQueryOptions());
export const useEvents = () => useQuery(eventsQueryOptions());
