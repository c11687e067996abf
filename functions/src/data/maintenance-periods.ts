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

/** Every period with its id, oldest first. */
export async function listMaintenancePeriodsWithIds(): Promise<{ id: string; data: MaintenancePeriodDoc }[]> {
  const snapshot = await maintenancePeriodsCollection().get();
  return snapshot.docs
    .map((doc) => ({ id: doc.id, data: doc.data(), createdAt: String(doc.get("createdAt") ?? "") }))
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id))
    .map(({ id, data }) => ({ id, data }));
}

export interface MaintenancePeriodWrite {
  maintenanceWarningAlert: MaintenanceWindow;
  maintenanceSettings: MaintenanceWindow;
}

/** Stores a new period; answers its id. */
export async function createMaintenancePeriod(period: MaintenancePeriodWrite, createdBy: string): Promise<string> {
  const ref = maintenancePeriodsCollection().doc();
  await ref.create({ ...period, createdAt: new Date().toISOString(), createdBy } as MaintenancePeriodDoc);
  return ref.id;
}

/** Replaces a period's windows; false when there is no such period. */
export async function updateMaintenancePeriod(
  id: string,
  period: MaintenancePeriodWrite,
  updatedBy: string,
): Promise<boolean> {
  const ref = maintenancePeriodsCollection().doc(id);
  if (!(await ref.get()).exists) return false;
  await ref.set({ ...period, updatedAt: new Date().toISOString(), updatedBy } as MaintenancePeriodDoc, { merge: true });
  return true;
}

/** Deletes a period; false when there was none. */
export async function deleteMaintenancePeriod(id: string): Promise<boolean> {
  const ref = maintenancePeriodsCollection().doc(id);
  if (!(await ref.get()).exists) return false;
  await ref.delete();
  return true;
}
