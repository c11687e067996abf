import { z } from "zod";
import type { MaintenanceWindow } from "../contract/messages";
import { typedCollection } from "./collection";

const ZStoredWindow = z
  .custom<MaintenanceWindow>((value) => typeof value === "object" && value !== null)
  .optional()
  .catch(undefined);

/** maintenancePeriods/{id}: a bill-pay maintenance period and the warning shown before it. */
export const ZMaintenancePeriodDoc = z.object({
  maintenanceWarningAlert: ZStoredWindow,
  maintenanceSettings: ZStoredWindow,
});
export type MaintenancePeriodDoc = z.output<typeof ZMaintenancePeriodDoc>;

export const maintenancePeriodsCollection = typedCollection("maintenancePeriods", ZMaintenancePeriodDoc);

export async function listMaintenancePeriods(): Promise<MaintenancePeriodDoc[]> {
  const snapshot = await maintenancePeriodsCollection().get();
  return snapshot.docs.map((doc) => doc.data());
}
