import { useCallback, useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useLanguages } from "@/features/languages/api/get-languages";
import { useUpdateLanguage } from "@/features/users/api/update-language";
import { useAuth } from "@/lib/auth/auth-state";
import { i18n, loadServerTranslations } from "@/lib/i18n";
import { chooseLanguage, readStoredLanguageChoice, storeLanguageChoice } from "@/lib/language";

/**
 * Applies spec 1 §4's language rules when the language list loads and whenever auth changes,
 * merges the server's texts for the current language after the first render, and returns the
 * dropdown's state.
 */
export function useLanguageSync() {
  const { i18n: activeI18n } = useTranslation();
  const { isAuthenticated, authUser } = useAuth();
  const { languages, isLoaded } = useLanguages();
  const updateLanguage = useUpdateLanguage();
  const codes = languages.map((language) => language.i18nCode).join(",");

  useEffect(() => {
    if (!isLoaded) return;
    const chosen = chooseLanguage({
      isAuthenticated,
      user: authUser,
      stored: readStoredLanguageChoice(),
      browserLanguage: navigator.language,
      supported: codes.split(","),
    });
    if (chosen !== i18n.language) void i18n.changeLanguage(chosen);
  }, [isLoaded, isAuthenticated, authUser, codes]);

  const current = activeI18n.resolvedLanguage ?? activeI18n.language;
  useEffect(() => {
    void loadServerTranslations(current);
  }, [current]);

  const { mutate } = updateLanguage;
  const changeLanguage = useCallback(
    (code: string) => {
      storeLanguageChoice(code);
      void i18n.changeLanguage(code);
      if (isAuthenticated) mutate({ Language: code });
    },
    [isAuthenticated, mutate],
  );

  return { languages, language: current, changeLanguage };
}
