import { z } from "zod";
import type { Translation } from "../contract/languages";
import { newBatch, typedCollection } from "./collection";

/** translations/{Language}:{key}: one text of one language, as admins edit it (spec 1 §3 Translation). */
export const ZTranslationDoc = z.object({
  Id: z.string().optional().catch(undefined),
  Language: z.string().catch(""),
  Group: z.string().nullish().catch(null),
  LanguageKey: z.string().catch(""),
  SingularForm: z.string().catch(""),
  PluralForm: z.string().nullish().catch(null),
  UpdatedBy: z.string().nullish().catch(null),
  UpdatedAt: z.unknown().optional(),
});
export type TranslationDoc = z.output<typeof ZTranslationDoc>;

export const translationsCollection = typedCollection("translations", ZTranslationDoc);

/** Every record of one language, with its document id. */
export async function translationsOf(language: string): Promise<{ id: string; data: TranslationDoc }[]> {
  const snapshot = await translationsCollection().where("Language", "==", language).get();
  return snapshot.docs.map((doc) => ({ id: doc.id, data: doc.data() }));
}

/** Writes translation records (each one whole) in one batch. */
export async function saveTranslations(
  records: (Omit<Translation, "PluralForm"> & { PluralForm: string | null; UpdatedBy: string | null })[],
): Promise<void> {
  const batch = newBatch();
  for (const record of records) {
    batch.set(translationsCollection().doc(record.Id), { ...record, UpdatedAt: new Date() });
  }
  await batch.commit();
}
