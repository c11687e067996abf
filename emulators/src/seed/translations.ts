import { readFileSync } from "node:fs";
import { join } from "node:path";

export interface TranslationRecord {
  Id: string;
  Language: string;
  Group: string;
  LanguageKey: string;
  SingularForm: string;
  PluralForm: string | null;
}

type Resources = { [key: string]: string | Resources };

/**
 * Turns the web's bundled i18next JSON into translation records, the inverse of the API's
 * buildResources: nested keys become Group + LanguageKey, `_one`/`_other` pairs become one record.
 */
export function recordsFromResources(language: string, resources: Resources): TranslationRecord[] {
  const flat = new Map<string, string>();
  const walk = (node: Resources, prefix: string[]) => {
    for (const [key, value] of Object.entries(node)) {
      if (typeof value === "string") flat.set([...prefix, key].join("."), value);
      else walk(value, [...prefix, key]);
    }
  };
  walk(resources, []);
  const records: TranslationRecord[] = [];
  for (const [key, value] of flat) {
    if (key.endsWith("_other") && flat.has(`${key.slice(0, -"_other".length)}_one`)) continue;
    const isPlural = key.endsWith("_one") && flat.has(`${key.slice(0, -"_one".length)}_other`);
    const fullKey = isPlural ? key.slice(0, -"_one".length) : key;
    const segments = fullKey.split(".");
    const languageKey = segments.pop() as string;
    records.push({
      Id: `${language}:${fullKey}`,
      Language: language,
      Group: segments.join("."),
      LanguageKey: languageKey,
      SingularForm: value,
      PluralForm: isPlural ? (flat.get(`${fullKey}_other`) ?? null) : null,
    });
  }
  return records;
}

export function bundledTranslationRecords(repoRoot: string, languages: readonly string[]): TranslationRecord[] {
  return languages.flatMap((language) => {
    const file = join(repoRoot, "web", "src", "locales", `${language}.json`);
    const resources = JSON.parse(readFileSync(file, "utf8")) as Resources;
    return recordsFromResources(language, resources);
  });
}
