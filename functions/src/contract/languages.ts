import { z } from "zod";
import { LANGUAGE_CODES } from "./language-options";

export {
  DEFAULT_LANGUAGE,
  I18N_NAMESPACES,
  LANGUAGE_CODES,
  type LanguageOption,
  SUPPORTED_LANGUAGES,
} from "./language-options";

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
