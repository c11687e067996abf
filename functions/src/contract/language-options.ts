/**
 * Language constants without zod, so the web's first page can use them without the schema
 * library (languages.ts builds the schemas on top of these).
 */

/** A language the portal offers (spec 1 §3 Language option). */
export interface LanguageOption {
  i18nCode: string;
  nativeName: string;
  enName: string;
}

export const SUPPORTED_LANGUAGES: readonly LanguageOption[] = [
  { i18nCode: "en", nativeName: "English", enName: "English" },
  { i18nCode: "es", nativeName: "Español", enName: "Spanish" },
];
export const DEFAULT_LANGUAGE = "en";
export const LANGUAGE_CODES = SUPPORTED_LANGUAGES.map((l) => l.i18nCode) as [string, ...string[]];

/** i18next namespaces served by the API. */
export const I18N_NAMESPACES = ["translation"] as const;
