import { z } from "zod";
import { typedCollection } from "./collection";

/**
 * publicFields/{objectName}: the CRM fields of an object a resident may see in the activity
 * detail's form details (spec 3 "Public field configuration": an object name and field names).
 */
export const ZPublicFieldsDoc = z.object({
  objectName: z.string().catch(""),
  fields: z.array(z.string()).catch([]),
});
export type PublicFieldsDoc = z.output<typeof ZPublicFieldsDoc>;

export const publicFieldsCollection = typedCollection("publicFields", ZPublicFieldsDoc);

/** The fields of an object residents may see; none until an admin picks some. */
export async function publicFieldsOf(objectName: string): Promise<string[]> {
  return (await publicFieldsCollection().doc(objectName).get()).data()?.fields ?? [];
}

/** Replaces the fields of an object residents may see. */
export async function savePublicFields(objectName: string, fields: string[]): Promise<void> {
  await publicFieldsCollection().doc(objectName).set({ objectName, fields });
}
