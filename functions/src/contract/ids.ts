import { z } from "zod";

/**
 * An id the API takes in a path or query and uses as a Firestore document id: letters, digits,
 * `_` and `-` only, so "a/b", "." or "__x__" can never address another document or crash a lookup.
 */
export const ZDocumentId = z
  .string()
  .min(1, { message: "Required" })
  .max(128, { message: "Invalid" })
  .regex(/^[A-Za-z0-9_-]+$/, { message: "Invalid" });

/** The path parameters of a route that addresses one document by `:id`. */
export const ZDocumentIdParams = z.object({ id: ZDocumentId });

/** A CRM record id as Salesforce writes it: 15 or 18 letters and digits. */
export const ZCrmRecordId = z.string().regex(/^[A-Za-z0-9]{15}(?:[A-Za-z0-9]{3})?$/, { message: "Invalid" });
