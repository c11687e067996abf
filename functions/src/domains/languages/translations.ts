import { gzipSync } from "node:zlib";
import { hasReservedKeySegment } from "../../contract/catalogue-admin";
import { type Translation, translationKey } from "../../contract/languages";
import { liveTranslationsOf } from "../../data/translations";

export type I18nResources = { [key: string]: string | I18nResources };

/**
 * Builds i18next's nested JSON from translation records: `Group.LanguageKey` nests under Group,
 * and a record with a plural form becomes `key_one` and `key_other`. Every node has a null
 * prototype and a record whose key holds `__proto__`, `constructor` or `prototype` is skipped
 * (one stored before the save refused them), so no record can reach Object.prototype.
 */
export function buildResources(
  records: Pick<Translation, "Group" | "LanguageKey" | "SingularForm" | "PluralForm">[],
): I18nResources {
  const node = (): I18nResources => Object.create(null) as I18nResources;
  const resources = node();
  for (const record of records) {
    const key = translationKey(record);
    if (hasReservedKeySegment(key)) continue;
    const path = key.split(".");
    const leaf = path.pop() as string;
    let parent = resources;
    for (const segment of path) {
      const next = Object.hasOwn(parent, segment) ? parent[segment] : undefined;
      if (typeof next === "object") parent = next;
      else parent = parent[segment] = node();
    }
    if (record.PluralForm) {
      parent[`${leaf}_one`] = record.SingularForm;
      parent[`${leaf}_other`] = record.PluralForm;
    } else {
      parent[leaf] = record.SingularForm;
    }
  }
  return resources;
}

/** One language's i18next resources, as JSON text and gzipped (built once per change, not per request). */
export interface ProcessedTranslations {
  resources: I18nResources;
  json: string;
  gzipped: Buffer;
}

/** The processed texts of a language, from memory kept current by a listener (data/translations.ts). */
export function processedTranslations(language: string): Promise<ProcessedTranslations> {
  return liveTranslationsOf(language, (records) => {
    const resources = buildResources(records.map(({ data }) => ({ ...data, Group: data.Group ?? "" })));
    const json = JSON.stringify(resources);
    return { resources, json, gzipped: gzipSync(json) };
  });
}
