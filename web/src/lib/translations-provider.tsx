import { type ReactNode, useMemo, useSyncExternalStore } from "react";
import { I18nContext, useTranslation } from "react-i18next";
import {
  getResourcesRevision,
  i18n,
  serverTextsSettled,
  subscribeToResources,
  subscribeToServerTextsSettled,
} from "./i18n";

/**
 * Gives react-i18next's context a new value whenever texts are merged in (the admins' texts from
 * the server arrive after the first paint, and again after an admin saves). Every component that
 * calls useTranslation reads that context, so each one re-renders with the new texts, memoized or not.
 */
export function TranslationsProvider({ children }: { children: ReactNode }) {
  const revision = useSyncExternalStore(subscribeToResources, getResourcesRevision, getResourcesRevision);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the new object per revision is the point.
  const value = useMemo(() => ({ i18n }), [revision]);
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

/**
 * Whether the page's language has the admins' texts in (always in English): a list of names the
 * admins translate waits for it rather than showing the stored English names first.
 */
export function useServerTextsSettled(): boolean {
  const { i18n: active } = useTranslation();
  const language = active.resolvedLanguage ?? active.language;
  const settled = () => serverTextsSettled(language);
  return useSyncExternalStore(subscribeToServerTextsSettled, settled, settled);
}
