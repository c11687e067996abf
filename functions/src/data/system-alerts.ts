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
