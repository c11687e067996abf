import { z } from "zod";
import type { Translation } from "../contract/languages";
import { newBatch, typedCollection } from "./collection";
import { type LiveQuery, liveQuery } from "./live-query";

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

/** Each language's texts, read on every page load: kept in memory by a listener (live-query.ts). */
const liveLanguages = new Map<string, LiveQuery<readonly TranslationRecord[]>>();

export interface TranslationRecord {
  id: string;
  data: TranslationDoc;
}

/** Every record of one language, with its document id (not to be changed by the caller). */
export async function translationsOf(language: string): Promise<readonly TranslationRecord[]> {
  let live = liveLanguages.get(language);
  if (!live) {
    live = liveQuery(
      () => translationsCollection().where("Language", "==", language),
      (docs) => docs.map((doc) => ({ id: doc.id, data: doc.data() })),
    );
    liveLanguages.set(language, live);
  }
  return live.read();
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
  for (const live of liveLanguages.values()) live.changed();
}
