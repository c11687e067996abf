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
