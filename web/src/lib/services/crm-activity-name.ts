import { DASHBOARD_OBJECTS, type DashboardObject, LPI_APPLICATION_NAME } from "@contract/activity-objects";
import type { TFunction } from "i18next";
import { activityLabel } from "./activity-label";

/**
 * An activity's name as a list or its page shows it, in the reader's language where the portal
 * itself gave the name: the object's label (a zoning inquiry or a COE permit has no name of its own)
 * and the name the portal files every late-payment-interest application under. Any other name is
 * what the CRM or the resident wrote, shown as written (except a catalogue service's name, below).
 */
export function crmActivityName(
  t: TFunction,
  activity: { type: string; activityName: string; catalogueId?: string },
): string {
  // A form's case, filed under its catalogue service's English name: the admins' translation of it.
  if (activity.catalogueId) return activityLabel(t, { Id: activity.catalogueId, Item: activity.activityName });
  const meta = DASHBOARD_OBJECTS[activity.type as DashboardObject] as { label: string } | undefined;
  if (meta && activity.activityName === meta.label) return t(`Activity.Types.${activity.type}`);
  if (activity.type === "LPI_Application__c" && activity.activityName === LPI_APPLICATION_NAME)
    return t("Payment.LpiWaiverName");
  return activity.activityName;
}
