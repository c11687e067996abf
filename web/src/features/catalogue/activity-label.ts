import type { Activity } from "@contract/activity";
import type { TFunction } from "i18next";

/** Group of the translation keys of service names: `Activity.Item.<Id>`. */
export const ACTIVITY_ITEM_GROUP = "Activity.Item";

/** The translation key of a service's name, e.g. `Activity.Item.WATER_BILL`. */
export function activityItemKey(activityId: string): string {
  return `${ACTIVITY_ITEM_GROUP}.${activityId}`;
}

/**
 * The name of a service in the current language: an admin's translation of
 * `Activity.Item.<Id>` (languages editor) when there is one, else the stored Item.
 */
export function activityLabel(t: TFunction, activity: Pick<Activity, "Id" | "Item">): string {
  return t(activityItemKey(activity.Id), { defaultValue: activity.Item });
}
