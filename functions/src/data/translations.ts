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

/** Every record of one language, with its document id. */
export async function translationsOf(language: string): Promise<{ id: string; data: TranslationDoc }[]> {
  const snapshot = await translationsCollection().where("Language", "==", language).get();
  return snapshot.docs.map((doc) => ({ id: doc.id, data: doc.data() }));
}

/**
 * The texts of every page load (GET /api/i18n/processed): one language's records kept in memory by
 * a listener (live-query.ts), each result turned into `derive`'s value once. Reading the whole
 * collection on each request took seconds at 20 connections (issue 12). An admin's save through
 * saveTranslations marks the language changed, so this instance's next read asks Firestore; other
 * instances hear it through their listener.
 */
const liveLanguages = new Map<string, LiveQuery<unknown>>();

export function liveTranslationsOf<R>(
  language: string,
  derive: (records: { id: string; data: TranslationDoc }[]) => R,
): Promise<R> {
  let live = liveLanguages.get(language);
  if (!live) {
    live = liveQuery(
      () => translationsCollection().where("Language", "==", language),
      (docs) => derive(docs.map((doc) => ({ id: doc.id, data: doc.data() }))),
    );
    liveLanguages.set(language, live);
  }
  return live.read() as Promise<R>;
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
  for (const language of new Set(records.map((record) => record.Language))) liveLanguages.get(language)?.changed();
}
