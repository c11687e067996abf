import { type LanguageOption, SUPPORTED_LANGUAGES } from "@contract/language-options";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { persistForSession } from "@/lib/session-query-cache";

// GET /api/i18n/languages
export const getLanguages = () => api.get<LanguageOption[]>("/i18n/languages");

export const languagesQueryOptions = () =>
  queryOptions({
    queryKey: ["i18n", "languages"],
    queryFn: getLanguages,
    staleTime: 30 * 60_000,
    meta: persistForSession,
  });

/** The server's languages; the bundled pair stands in until they load or if the call fails. */
export function useLanguages(): { languages: readonly LanguageOption[]; isLoaded: boolean } {
  const query = useQuery(languagesQueryOptions());
  return { languages: query.data ?? SUPPORTED_LANGUAGES, isLoaded: query.isSuccess || query.isError };
}
