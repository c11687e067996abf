import { DEFAULT_LANGUAGE, SUPPORTED_LANGUAGES } from "@contract/language-options";
import i18next, { type BackendModule, type ResourceKey } from "i18next";
import { initReactI18next } from "react-i18next";
import en from "@/locales/en.json";
import { api } from "./api-client";
import { chooseLanguage, readStoredLanguageChoice } from "./language";

export const i18n = i18next;

/** Keeps <html lang> in step so screen readers pronounce the page correctly. */
function reflectLanguageOnDocument(language: string): void {
  document.documentElement.lang = language;
}

/**
 * The bundled texts of the languages other than English: each is a chunk of its own, loaded when
 * the language is first used, so an English visit does not download and parse the Spanish texts.
 * i18next switches the language only once its texts are in (no flash of keys or English).
 */
const LAZY_TEXTS: Record<string, () => Promise<{ default: ResourceKey }>> = {
  es: () => import("@/locales/es.json"),
};

const lazyTextsBackend: BackendModule = {
  type: "backend",
  init: () => undefined,
  read(language, _namespace, callback) {
    const load = LAZY_TEXTS[language];
    if (!load) return callback(null, {});
    load().then(
      (texts) => callback(null, texts.default),
      (error: Error) => callback(error, null),
    );
  },
};

/**
 * Starts i18next with the bundled English texts (other languages load on first use: LAZY_TEXTS), in
 * the language a signed-out visitor would get; the app re-applies spec 1 §4 once the sign-in state
 * is known.
 */
export async function initI18n(): Promise<void> {
  const initialLanguage = chooseLanguage({
    isAuthenticated: false,
    user: null,
    stored: readStoredLanguageChoice(),
    browserLanguage: typeof navigator === "undefined" ? null : navigator.language,
    supported: SUPPORTED_LANGUAGES.map((language) => language.i18nCode),
  });
  i18n.on("languageChanged", reflectLanguageOnDocument);
  await i18n
    .use(lazyTextsBackend)
    .use(initReactI18next)
    .init({
      resources: { en: { translation: en } },
      // English is bundled; the backend loads the others (English never goes to the backend).
      partialBundledLanguages: true,
      lng: initialLanguage,
      fallbackLng: DEFAULT_LANGUAGE,
      interpolation: { escapeValue: false }, // React escapes already.
      // Re-rendering when the server's texts arrive is TranslationsProvider's job: react-i18next 16
      // keeps its snapshot while the language is unchanged, so bindI18nStore alone re-renders nothing.
      react: { useSuspense: false },
    });
  i18n.store.on("added", () => {
    resourcesRevision += 1;
  });
  reflectLanguageOnDocument(i18n.language);
}

/** Counts the bundles merged in since start (the server's texts): a new count means new texts. */
let resourcesRevision = 0;

export const getResourcesRevision = () => resourcesRevision;

/** Calls onChange after each merged bundle; returns the unsubscribe function. */
export function subscribeToResources(onChange: () => void): () => void {
  const listener = () => onChange();
  i18n.store.on("added", listener);
  return () => i18n.store.off("added", listener);
}

const serverTranslationsLoaded = new Set<string>();

/** Whether every text in `incoming` is already in `current` (nested objects compared key by key). */
export function alreadyContains(current: unknown, incoming: unknown): boolean {
  if (typeof incoming !== "object" || incoming === null) return current === incoming;
  if (typeof current !== "object" || current === null) return false;
  const existing = current as Record<string, unknown>;
  return Object.entries(incoming).every(([key, value]) => alreadyContains(existing[key], value));
}

/**
 * Merges the admin-edited texts (GET /api/i18n/processed/{lng}/translation) over the bundled
 * ones. Runs after the first render; a failure leaves the bundled texts in place.
 */
export async function loadServerTranslations(language: string): Promise<void> {
  if (serverTranslationsLoaded.has(language)) return;
  serverTranslationsLoaded.add(language);
  // The bundled texts first, so the server's are merged over them rather than standing alone.
  await i18n.loadLanguages(language);
  const version = readTranslationsVersion();
  try {
    // Once per browser session (and again after an admin saves): the tab keeps what it fetched.
    const resources =
      readSessionTexts(language, version) ??
      (await api.get<Record<string, unknown>>(
        `/i18n/processed/${encodeURIComponent(language)}/translation${version ? `?v=${version}` : ""}`,
      ));
    saveSessionTexts(language, version, resources);
    // Usually the server's texts are the bundled ones: merging them would re-render every text on the
    // page for nothing, on the main thread while the page starts.
    if (alreadyContains(i18n.getResourceBundle(language, "translation"), resources)) return;
    i18n.addResourceBundle(language, "translation", resources, true, true);
  } catch {
    serverTranslationsLoaded.delete(language);
  }
}

const sessionTextsKey = (language: string) => `portal.serverTexts.${language}`;

function readSessionTexts(language: string, version: string | null): Record<string, unknown> | null {
  try {
    const saved = JSON.parse(window.sessionStorage.getItem(sessionTextsKey(language)) ?? "null") as {
      version: string | null;
      texts: Record<string, unknown>;
    } | null;
    return saved && saved.version === version ? saved.texts : null;
  } catch {
    return null;
  }
}

function saveSessionTexts(language: string, version: string | null, texts: Record<string, unknown>): void {
  try {
    window.sessionStorage.setItem(sessionTextsKey(language), JSON.stringify({ version, texts }));
  } catch {
    // Without storage the texts are fetched on each page load.
  }
}

const TRANSLATIONS_VERSION_KEY = "translationsVersion";

function readTranslationsVersion(): string | null {
  try {
    return window.localStorage.getItem(TRANSLATIONS_VERSION_KEY);
  } catch {
    return null;
  }
}

/**
 * After an admin saves translations: fetch the processed texts again past any cache (the
 * endpoint is cached for a minute), now and on this browser's next loads, and apply them.
 */
export async function refreshServerTranslations(languages: readonly string[]): Promise<void> {
  try {
    window.localStorage.setItem(TRANSLATIONS_VERSION_KEY, String(Date.now()));
  } catch {
    // Without storage the refetch below still shows the new texts in this page.
  }
  for (const language of languages) serverTranslationsLoaded.delete(language);
  await Promise.all(languages.map((language) => loadServerTranslations(language)));
}
