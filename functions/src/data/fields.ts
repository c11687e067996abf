import { Timestamp } from "firebase-admin/firestore";
import { z } from "zod";

// Preprocess rather than transform: zod 4 refuses a missing key before a transform can run.

/**
 * Lenient field schemas for stored documents: a document written by an older version, by hand in
 * the console or by the seed never makes a read fail; a field of the wrong type reads as its
 * empty value instead.
 */

/** A stored text: a non-empty string, or null for anything else (missing, empty, another type). */
export const text = (value: unknown): string | null => (typeof value === "string" && value ? value : null);

/** An instant as ISO 8601, from a Timestamp, a Date or a date string; null otherwise. */
export const instant = (value: unknown): string | null => {
  if (value instanceof Timestamp) return value.toDate().toISOString();
  if (value instanceof Date) return value.toISOString();
  if (typeof value === "string" && !Number.isNaN(Date.parse(value))) return new Date(value).toISOString();
  return null;
};

/** string | null (see text). */
export const ZText = z.preprocess(text, z.string().nullable());
/** true only when stored as true. */
export const ZFlag = z.preprocess((value) => value === true, z.boolean());
/** A finite number, 0 otherwise. */
export const ZCount = z.preprocess(
  (value) => (typeof value === "number" && Number.isFinite(value) ? value : 0),
  z.number(),
);
/** A string kept as stored (even empty), undefined when missing or not a string. */
export const ZRawString = z.string().optional().catch(undefined);
/** A Timestamp, or null when missing or of another type. */
export const ZTimestamp = z.instanceof(Timestamp).nullable().catch(null);
/** An instant as stored by any writer (Timestamp, Date or ISO string); convert with instant(). */
export const ZStoredInstant = z.preprocess(
  (value) => value ?? null,
  z.custom<Timestamp | Date | string | null>(() => true),
);
