import { z } from "zod";
import { FEATURE_FLAGS, type FeatureFlagName } from "./feature-flags";
import { translationKey, ZTranslation } from "./languages";

/** PUT /api/featureflags/{name} */
export const ZFeatureFlagName = z.enum(FEATURE_FLAGS);
export const ZFeatureFlagToggle = z.object({ enabled: z.boolean() }).strict();
export type FeatureFlagToggle = z.infer<typeof ZFeatureFlagToggle>;

/** One recorded change of a flag, as answered by GET /api/featureflags/changes. */
export interface FeatureFlagChange {
  name: FeatureFlagName;
  enabled: boolean;
  changedBy: { uid: string; email: string | null };
  /** ISO instant (UTC). */
  changedAt: string;
}

/** The document id of a translation record: `{Language}:{Group.LanguageKey}`. */
export function translationId(record: { Language: string; Group: string; LanguageKey: string }): string {
  return `${record.Language}:${translationKey(record)}`;
}

const KEY_SEGMENT = /^[A-Za-z0-9_\-. ]+$/;

/**
 * Key segments that would reach an object's prototype when the catalogue nests keys
 * (`__proto__.polluted` writes to Object.prototype): never a translation key.
 */
export const RESERVED_KEY_SEGMENTS: readonly string[] = ["__proto__", "constructor", "prototype"];

/** Whether a dotted translation key holds a segment that would reach an object's prototype. */
export function hasReservedKeySegment(key: string): boolean {
  return key.split(".").some((segment) => RESERVED_KEY_SEGMENTS.includes(segment.trim()));
}

/**
 * PUT /api/i18n: the edited records (spec 1 §5 Translation save: SingularForm required after
 * trimming). The Id must be the one the record's language and key stand for, so a save never
 * writes one text under another key.
 */
export const ZTranslationSave = z
  .array(
    ZTranslation.extend({
      Group: z
        .string()
        .trim()
        .max(100)
        .regex(/^[A-Za-z0-9_\-. ]*$/, { message: "Invalid" }),
      LanguageKey: z.string().trim().min(1, { message: "Required" }).max(200).regex(KEY_SEGMENT, {
        message: "Invalid",
      }),
    }).superRefine((record, ctx) => {
      if (record.Id !== translationId(record)) ctx.addIssue({ code: "custom", path: ["Id"], message: "Invalid" });
      if (hasReservedKeySegment(record.Group)) ctx.addIssue({ code: "custom", path: ["Group"], message: "Invalid" });
      if (hasReservedKeySegment(record.LanguageKey)) {
        ctx.addIssue({ code: "custom", path: ["LanguageKey"], message: "Invalid" });
      }
    }),
  )
  .min(1)
  .max(1000);
export type TranslationSave = z.input<typeof ZTranslationSave>;

/** Popular-service icon upload (PUT /api/activities/setPopularService/{id}). */
export const POPULAR_ICON_MAX_BYTES = 1024 * 1024;
export const POPULAR_ICON_RECOMMENDED_SIZE = 32;

/** POST /api/laserfiche/submitToPortal */
export const ZSubmitToPortal = z
  .object({
    portalSubmissionId: z.string().trim().min(1).max(100),
    bpid: z.string().trim().min(1).max(100),
  })
  .strict();
export type SubmitToPortalInput = z.infer<typeof ZSubmitToPortal>;

/** The embedded form's fee account (spec 1 §2.12). */
export const FORM_FEE_ACCOUNT_NUMBER = "000000000-000000000";
export const FORM_FEE_ACCOUNT_TYPE = "Form Fee";
