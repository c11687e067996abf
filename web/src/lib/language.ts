import { DEFAULT_LANGUAGE } from "@contract/language-options";
import type { PortalUser } from "@contract/user";
import { readStored, writeStored } from "@/lib/web-storage";

export const LANGUAGE_STORAGE_KEY = "language";
export const LANGUAGE_OVERWRITTEN_STORAGE_KEY = "isLanguageOverwrittenByDropdown";

export interface StoredLanguageChoice {
  language: string | null;
  isLanguageOverwrittenByDropdown: boolean;
}

export interface LanguageInputs {
  isAuthenticated: boolean;
  user: Pick<PortalUser, "Language" | "isLanguageOverwrittenByDropdown"> | null;
  stored: StoredLanguageChoice;
  /** navigator.language, e.g. "es-MX". */
  browserLanguage: string | null | undefined;
  /** i18n codes the server offers. */
  supported: readonly string[];
}

/**
 * The language to show (spec 1 §4, language initialization). Signed in: the dropdown choice
 * stored in this browser, then the explicit choice saved on the user, then the browser's
 * language; signed out: the stored dropdown choice, then the browser's language; else 'en'.
 */
export function chooseLanguage({ isAuthenticated, user, stored, browserLanguage, supported }: LanguageInputs): string {
  const isSupported = (code: string | null | undefined): code is string => !!code && supported.includes(code);
  if (stored.isLanguageOverwrittenByDropdown && isSupported(stored.language)) return stored.language;
  if (isAuthenticated && user?.isLanguageOverwrittenByDropdown && isSupported(user.Language)) return user.Language;
  const browserBase = browserLanguage?.split("-")[0]?.toLowerCase();
  if (isSupported(browserBase)) return browserBase;
  return DEFAULT_LANGUAGE;
}

export function readStoredLanguageChoice(): StoredLanguageChoice {
  return {
    language: readStored("local", LANGUAGE_STORAGE_KEY) ?? null,
    isLanguageOverwrittenByDropdown: readStored("local", LANGUAGE_OVERWRITTEN_STORAGE_KEY) === "true",
  };
}

/** Remembers a choice made with the language dropdown. */
export function storeLanguageChoice(language: string): void {
  // Storage can be blocked; the choice then lasts until the page reloads.
  if (writeStored("local", LANGUAGE_STORAGE_KEY, language))
    writeStored("local", LANGUAGE_OVERWRITTEN_STORAGE_KEY, "true");
}
