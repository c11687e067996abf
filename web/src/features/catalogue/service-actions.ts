import { PERSONAL_ORGANIZATION } from "@contract/access";
import type { Activity, ActivityAction } from "@contract/activity";

/** The picker's actions in order (spec 1 §2.8); PAY is shown together with PAY_FOR. */
export const PICKER_ACTIONS = [
  "APPLY_FOR",
  "FIND",
  "PAY_FOR",
  "REPORT",
  "REGISTER_FOR",
  "RENT",
  "SIGN_UP_FOR",
  "MAPS",
] as const satisfies readonly ActivityAction[];
export type PickerAction = (typeof PICKER_ACTIONS)[number];

/** REPORT only when acting personally (spec 1 §2.8). */
export function visibleActions(selectedOrganization: string): PickerAction[] {
  return PICKER_ACTIONS.filter((action) => action !== "REPORT" || selectedOrganization === PERSONAL_ORGANIZATION);
}

/** The stored action a service is listed under in the picker (PAY joins PAY_FOR). */
export const pickerActionOf = (action: ActivityAction): PickerAction => (action === "PAY" ? "PAY_FOR" : action);

/** Published, not deleted services of an action, in catalogue order. */
export function servicesOf(activities: readonly Activity[], action: PickerAction): Activity[] {
  return activities.filter(
    (activity) => activity.Published && !activity.Deleted && pickerActionOf(activity.Action) === action,
  );
}

/** Popular services by PopularServiceOrder, then Item. */
export function popularServices(activities: readonly Activity[]): Activity[] {
  return activities
    .filter((activity) => activity.PopularService && activity.Published && !activity.Deleted)
    .sort((a, b) => a.PopularServiceOrder - b.PopularServiceOrder || a.Item.localeCompare(b.Item));
}
