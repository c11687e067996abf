import { z } from "zod";

/** The CRM objects whose fields an admin may make public (spec 3 §5, §9). */
export const PUBLIC_FIELD_OBJECTS = [
  "Case",
  "COE_Permit__c",
  "Permit_Applications__c",
  "Zoning_Inquiry__c",
  "LPI_Application__c",
] as const;
export type PublicFieldObject = (typeof PUBLIC_FIELD_OBJECTS)[number];

export const ZPublicFieldObject = z.enum(PUBLIC_FIELD_OBJECTS);

/** A CRM field name as describe answers it (letters, digits, underscores). */
const ZFieldName = z.string().regex(/^[A-Za-z][A-Za-z0-9_]{0,79}$/);

/** POST /api/salesforcePublicField/{object}: the fields residents may see (none hides the details). */
export const ZPublicFieldsSave = z
  .object({
    fields: z
      .array(ZFieldName)
      .max(200)
      .refine((fields) => new Set(fields).size === fields.length, "Duplicate field"),
  })
  .strict();
export type PublicFieldsSave = z.infer<typeof ZPublicFieldsSave>;

/** GET /api/salesforcePublicField/{object}: the object's public fields and every field its describe offers. */
export interface PublicFieldsConfig {
  objectName: PublicFieldObject;
  fields: string[];
  available: { name: string; label: string; type: string }[];
}
