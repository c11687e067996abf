import { type Translation, translationKey } from "../../contract/languages";
import { translationsOf } from "../../data/translations";

export type I18nResources = { [key: string]: string | I18nResources };

/**
 * Builds i18next's nested JSON from translation records: `Group.LanguageKey` nests under Group,
 * and a record with a plural form becomes `key_one` and `key_other`.
 */
export function buildResources(
  records: Pick<Translation, "Group" | "LanguageKey" | "SingularForm" | "PluralForm">[],
): I18nResources {
  const resources: I18nResources = {};
  for (const record of records) {
    const path = translationKey(record).split(".");
    const leaf = path.pop() as string;
    let node = resources;
    for (const segment of path) {
      const next = node[segment];
      if (typeof next === "object") node = next;
      else node = node[segment] = {};
    }
    if (record.PluralForm) {
      node[`${leaf}_one`] = record.SingularForm;
      node[`${leaf}_other`] = record.PluralForm;
    } else {
      node[leaf] = record.SingularForm;
    }
  }
  return resources;
}

export async function processedTranslations(language: string): Promise<I18nResources> {
  const records = await translationsOf(language);
  return buildResources(records.map(({ data }) => ({ ...data, Group: data.Group ?? "" })));
}
