import { z } from "zod";
import { typedCollection } from "./collection";
import { ZFlag, ZRawString, ZStoredInstant } from "./fields";

/**
 * systemAlerts/{id}: a banner text in English and Spanish. Older documents use the spec's
 * TitleAlertEnglish-style names; both are read.
 */
export const ZSystemAlertDoc = z.object({
  titleEnglish: ZRawString,
  TitleAlertEnglish: ZRawString,
  titleSpanish: ZRawString,
  TitleAlertSpanish: ZRawString,
  textEnglish: ZRawString,
  TextEnglish: ZRawString,
  textSpanish: ZRawString,
  TextSpanish: ZRawString,
  active: z.unknown().optional(),
  Active: z.unknown().optional(),
  CreatedAt: ZStoredInstant,
  MaintenanceWarning: ZFlag,
});
export type SystemAlertDoc = z.output<typeof ZSystemAlertDoc>;

export const systemAlertsCollection = typedCollection("systemAlerts", ZSystemAlertDoc);

/** Every alert, active or not (unordered). */
export async function listSystemAlerts(): Promise<{ id: string; data: SystemAlertDoc }[]> {
  const snapshot = await systemAlertsCollection().get();
  return snapshot.docs.map((doc) => ({ id: doc.id, data: doc.data() }));
}

/** What an admin writes: the API's field names (older documents' spec names are then shadowed). */
export interface SystemAlertWrite {
  titleEnglish: string;
  titleSpanish: string;
  textEnglish: string;
  textSpanish: string;
  active: boolean;
}

/** Stores a new alert and answers its id and stored data. */
export async function createSystemAlert(
  alert: SystemAlertWrite,
  createdBy: string,
): Promise<{ id: string; data: SystemAlertDoc }> {
  const ref = systemAlertsCollection().doc();
  const data = { ...alert, CreatedAt: new Date(), CreatedBy: createdBy, MaintenanceWarning: false };
  await ref.create(data as SystemAlertDoc);
  return { id: ref.id, data: (await ref.get()).data() as SystemAlertDoc };
}

/** Rewrites an existing alert's texts and state; null when there is no such alert. */
export async function updateSystemAlert(
  id: string,
  alert: SystemAlertWrite,
): Promise<{ id: string; data: SystemAlertDoc } | null> {
  const ref = systemAlertsCollection().doc(id);
  // An edit never resurrects an alert another admin deleted meanwhile.
  if (!(await ref.get()).exists) return null;
  await ref.set({ ...alert, UpdatedAt: new Date() } as unknown as SystemAlertDoc, { merge: true });
  return { id, data: (await ref.get()).data() as SystemAlertDoc };
}

/** Deletes an alert; false when there was none. */
export async function deleteSystemAlert(id: string): Promise<boolean> {
  const ref = systemAlertsCollection().doc(id);
  if (!(await ref.get()).exists) return false;
  await ref.delete();
  return true;
}
