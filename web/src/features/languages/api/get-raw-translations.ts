import type { Translation } from "@contract/languages";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

// GET /api/i18n/raw/:lang/translation
export const getRawTranslations = (language: string) =>
  api.get<Translation[]>(`/i18n/raw/${encodeURIComponent(language)}/translation`);

export const rawTranslationsQueryOptions = (language: string) =>
  queryOptions({ queryKey: ["i18n", "raw", language], queryFn: () => getRawTranslations(language), retry: false });

export function useRawTranslations(language: string) {
  return useQuery(rawTranslationsQueryOptions(language));
}
