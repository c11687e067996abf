import { z } from "zod";

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

export const ZLanguageCode = z.enum(LANGUAGE_CODES);

/**
 * One translation record as stored and edited by admins (spec 1 §3 Translation).
 * The i18next key is `Group.LanguageKey`, or just `LanguageKey` when Group is empty.
 */
export const ZTranslation = z.object({
  Id: z.string().min(1).max(200),
  Language: ZLanguageCode,
  Group: z.string().max(100),
  LanguageKey: z.string().min(1).max(200),
  SingularForm: z
    .string()
    .max(5000)
    .refine((value) => value.trim().length > 0, { message: "Required" }),
  PluralForm: z.string().max(5000).optional().nullable(),
});
export type Translation = z.infer<typeof ZTranslation>;

/** The i18next key a translation record stands for. */
export function translationKey(record: Pick<Translation, "Group" | "LanguageKey">): string {
  return record.Group ? `${record.Group}.${record.LanguageKey}` : record.LanguageKey;
}
