import en from "virtual:texts/en/startup";
import { DEFAULT_LANGUAGE, SUPPORTED_LANGUAGES } from "@contract/language-options";
import i18next, { type BackendModule, type ResourceKey } from "i18next";
import { initReactI18next } from "react-i18next";
import { readStored, readStoredJson, writeStored } from "@/lib/web-storage";
import { areaOfKey, type TextArea } from "@/locales/areas";
import { api } from "./api-client";
import { chooseLanguage, readStoredLanguageChoice } from "./language";

export const i18n = i18next;

/** Keeps <html lang> in step so screen readers pronounce the page correctly. */
function reflectLanguageOnDocument(language: string): void {
  document.documentElement.lang = language;
  reflectLanguageLoaded();
}

/**
 * `<html data-language-loaded>` names the page's language once all its texts are in: i18next
 * switches only after the bundled texts have loaded, and the admins' edits have arrived (or failed,
 * leaving the bundled ones): see serverTextsSettled. Absent while a switch is under way. Browser
 * tests wait on it after a switch (the Spanish texts took over a second on a loaded machine).
 */
function reflectLanguageLoaded(): void {
  const language = i18n.language;
  if (language && serverTextsSettled(language)) document.documentElement.dataset.languageLoaded = language;
  else delete document.documentElement.dataset.languageLoaded;
}

type TextsModule = Promise<{ default: Record<string, unknown> }>;

/**
 * The bundled texts of the languages other than English: each is a chunk of its own, loaded when
 * the language is first used, so an English visit does not download and parse the Spanish texts.
 * i18next switches the language only once its texts are in (no flash of keys or English).
 * Only the start-up part (every key outside `locales/areas.ts`) is in it: AREA_TEXTS load the rest.
 */
const LAZY_TEXTS: Record<string, () => TextsModule> = {
  es: () => import("virtual:texts/es/startup"),
};

/**
 * The texts of an area (`locales/areas.ts`) per language: loaded with the area's pages
 * (`loadTextArea`, from the route table), so the entry carries only what every page can show.
 */
const AREA_TEXTS: Record<TextArea, Record<string, () => TextsModule>> = {
  admin: {
    en: () => import("virtual:texts/en/admin"),
    es: () => import("virtual:texts/es/admin"),
  },
  signedIn: {
    en: () => import("virtual:texts/en/signedIn"),
    es: () => import("virtual:texts/es/signedIn"),
  },
};

/** The areas whose pages have been opened: a language loaded later brings their texts too. */
const wantedAreas = new Set<TextArea>();
/** Per language, the areas whose bundled texts are in the store. */
const areasInStore = new Map<string, Set<TextArea>>();
/** The server's texts of an area not in the store yet, per language: merged over it once it is. */
const pendingServerTexts = new Map<string, Partial<Record<TextArea, Record<string, unknown>>>>();

function areaInStore(language: string, area: TextArea): boolean {
  return areasInStore.get(language)?.has(area) ?? false;
}

function markAreaInStore(language: string, area: TextArea): void {
  const areas = areasInStore.get(language) ?? new Set<TextArea>();
  areas.add(area);
  areasInStore.set(language, areas);
}

/** The server's edited texts of an area that arrived before the area: merged now. */
function applyPendingServerTexts(language: string, area: TextArea): void {
  const pending = pendingServerTexts.get(language)?.[area];
  if (!pending) return;
  delete pendingServerTexts.get(language)?.[area];
  if (!alreadyContains(i18n.getResourceBundle(language, "translation"), pending))
    i18n.addResourceBundle(language, "translation", pending, true, true);
}

async function areaTexts(language: string, area: TextArea): Promise<Record<string, unknown>> {
  const load = AREA_TEXTS[area][language];
  return load ? (await load()).default : {};
}

const lazyTextsBackend: BackendModule = {
  type: "backend",
  init: () => undefined,
  read(language, _namespace, callback) {
    const load = LAZY_TEXTS[language];
    if (!load) return callback(null, {});
    load()
      .then(async (startup) => {
        // The areas wanted once the start-up texts are in (a page of an area may have opened meanwhile).
        const areas = [...wantedAreas];
        const parts = await Promise.all(areas.map((area) => areaTexts(language, area)));
        return { texts: Object.assign({ ...startup.default }, ...parts) as ResourceKey, areas };
      })
      .then(
        ({ texts, areas }) => {
          callback(null, texts);
          for (const area of areas) {
            markAreaInStore(language, area);
            applyPendingServerTexts(language, area);
          }
        },
        (error: Error) => callback(error, null),
      );
  },
};

const areaLoads = new Map<string, Promise<void>>();

/** Resolves once i18next has its store (a page's texts may arrive before: route-table preloads). */
function initialized(): Promise<void> {
  if (i18n.isInitialized) return Promise.resolve();
  return new Promise((resolve) => i18n.on("initialized", () => resolve()));
}

/** Adds an area's bundled texts of `language` to the store (once), then the server's edits of them. */
function addAreaTexts(language: string, area: TextArea): Promise<void> {
  const id = `${language}/${area}`;
  let loading = areaLoads.get(id);
  if (!loading) {
    loading = Promise.all([areaTexts(language, area), initialized()]).then(([texts]) => {
      if (areaInStore(language, area)) return;
      // Deep, without overwriting: the server's edits may already be in.
      i18n.addResourceBundle(language, "translation", texts, true, false);
      markAreaInStore(language, area);
      applyPendingServerTexts(language, area);
    });
    loading.catch(() => areaLoads.delete(id));
    areaLoads.set(id, loading);
  }
  return loading;
}

/**
 * Loads the texts of an area (`locales/areas.ts`) before its pages render: in English (bundled with
 * the start-up texts, and the fallback) and in every other language already loaded; a language
 * loaded later brings them with its start-up texts (lazyTextsBackend).
 */
export async function loadTextArea(area: TextArea): Promise<void> {
  wantedAreas.add(area);
  const languages = new Set([DEFAULT_LANGUAGE, ...Object.keys(i18n.store?.data ?? {})]);
  await Promise.all(
    [...languages]
      .filter((language) => language === DEFAULT_LANGUAGE || language in LAZY_TEXTS)
      .map((language) => addAreaTexts(language, area)),
  );
}

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

/** The languages whose server texts have arrived (or failed, leaving the bundled ones): see serverTextsSettled. */
const serverTextsSettledLanguages = new Set<string>();
const serverTextsListeners = new Set<() => void>();

function markServerTextsSettled(language: string): void {
  if (serverTextsSettledLanguages.has(language)) return;
  serverTextsSettledLanguages.add(language);
  reflectLanguageLoaded();
  for (const listener of serverTextsListeners) listener();
}

/**
 * Whether the admins' texts of a language are in (or could not be fetched): names the admins
 * translate (a service's name) are shown only then, not first in English (seen on the Spanish home
 * page's first visit). English names are the stored ones: English is always settled.
 */
export function serverTextsSettled(language: string): boolean {
  return language === DEFAULT_LANGUAGE || serverTextsSettledLanguages.has(language);
}

/** Calls onChange when a language's server texts settle; returns the unsubscribe function. */
export function subscribeToServerTextsSettled(onChange: () => void): () => void {
  serverTextsListeners.add(onChange);
  return () => serverTextsListeners.delete(onChange);
}

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
    const loaded = keepAreasNotInStore(language, resources);
    // Usually the server's texts are the bundled ones: merging them would re-render every text on the
    // page for nothing, on the main thread while the page starts.
    if (!alreadyContains(i18n.getResourceBundle(language, "translation"), loaded))
      i18n.addResourceBundle(language, "translation", loaded, true, true);
  } catch {
    serverTranslationsLoaded.delete(language);
  }
  // Failed too: the bundled texts (and stored English names) are what the page can show.
  markServerTextsSettled(language);
}

/**
 * The server's texts of the areas not in the store yet are kept for when they are (comparing them
 * with the start-up texts alone would merge, and re-render, on every page load); returns the rest.
 */
function keepAreasNotInStore(language: string, resources: Record<string, unknown>): Record<string, unknown> {
  const loaded: Record<string, unknown> = {};
  const pending = pendingServerTexts.get(language) ?? {};
  for (const [key, value] of Object.entries(resources)) {
    const area = areaOfKey(key);
    if (!area || areaInStore(language, area)) loaded[key] = value;
    else pending[area] = { ...pending[area], [key]: value };
  }
  pendingServerTexts.set(language, pending);
  return loaded;
}

const sessionTextsKey = (language: string) => `portal.serverTexts.${language}`;

function readSessionTexts(language: string, version: string | null): Record<string, unknown> | null {
  const saved = readStoredJson("session", sessionTextsKey(language)) as {
    version: string | null;
    texts: Record<string, unknown>;
  } | null;
  return saved && saved.version === version ? saved.texts : null;
}

function saveSessionTexts(language: string, version: string | null, texts: Record<string, unknown>): void {
  // Without storage the texts are fetched on each page load.
  writeStored("session", sessionTextsKey(language), JSON.stringify({ version, texts }));
}

const TRANSLATIONS_VERSION_KEY = "translationsVersion";

function readTranslationsVersion(): string | null {
  return readStored("local", TRANSLATIONS_VERSION_KEY) ?? null;
}

/**
 * After an admin saves translations: fetch the processed texts again past any cache (the
 * endpoint is cached for a minute), now and on this browser's next loads, and apply them.
 */
export async function refreshServerTranslations(languages: readonly string[]): Promise<void> {
  // Without storage the refetch below still shows the new texts in this page.
  writeStored("local", TRANSLATIONS_VERSION_KEY, String(Date.now()));
  for (const language of languages) serverTranslationsLoaded.delete(language);
  await Promise.all(languages.map((language) => loadServerTranslations(language)));
}
