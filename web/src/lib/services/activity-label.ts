import type { Activity } from "@contract/activity";
import type { TFunction } from "i18next";

/** Group of the translation keys of service names: `Activity.Item.<Id>`. */
export const ACTIVITY_ITEM_GROUP = "Activity.Item";

/** The translation key of a service's name, e.g. `Activity.Item.WATER_BILL`. */
export function activityItemKey(activityId: string): string {
  return `${ACTIVITY_ITEM_GROUP}.${activityId}`;
}

/**
 * The name of a service in the current language: the admins' translation of
 * `Activity.Item.<Id>` (languages editor, Group "Activity.Item", LanguageKey = the service id),
 * else a translation keyed by the English name itself, else the stored Item.
 */
export function activityLabel(t: TFunction, activity: Pick<Activity, "Id" | "Item">): string {
  const byName = t(activity.Item, { defaultValue: activity.Item, keySeparator: false, nsSeparator: false });
  return t(activityItemKey(activity.Id), { defaultValue: byName });
}

/**
 * A service's name in the page's language, with the language it is really in: the stored English
 * name, when no translation exists, is marked `lang="en"` on a Spanish page (WCAG 3.1.2).
 */
export function activityName(
  t: TFunction,
  language: string,
  activity: Pick<Activity, "Id" | "Item">,
): { text: string; lang: string | undefined } {
  const text = activityLabel(t, activity);
  return { text, lang: language !== "en" && text === activity.Item ? "en" : undefined };
}

/** Group of the translation keys of service descriptions: `Activity.Description.<Id>`. */
export const ACTIVITY_DESCRIPTION_GROUP = "Activity.Description";

/**
 * A service's description in the current language: the admins' translation of
 * `Activity.Description.<Id>` (languages editor), else the stored English one, then marked
 * `lang="en"` so a screen reader reads it as English (WCAG 3.1.2).
 */
export function activityDescription(
  t: TFunction,
  language: string,
  activity: Pick<Activity, "Id" | "Description">,
): { text: string; lang: string | undefined } {
  const key = `${ACTIVITY_DESCRIPTION_GROUP}.${activity.Id}`;
  const translated = t(key, { defaultValue: "" });
  if (translated && translated !== key) return { text: translated, lang: undefined };
  return { text: activity.Description, lang: language === "en" ? undefined : "en" };
}
