import type {
  CollectionReference,
  DocumentData,
  FirestoreDataConverter,
  QueryDocumentSnapshot,
  Transaction,
  WriteBatch,
} from "firebase-admin/firestore";
import type { z } from "zod";
import type { PortalCollection } from "../platform/collections";
import { db } from "../platform/firebase";
import { installReadMeter } from "./read-meter";

installReadMeter();

/** The stored shape a document schema reads into. */
export type DocOf<S extends z.ZodType> = z.output<S>;

/**
 * A typed reference to a portal collection: documents are read through the kind's zod schema
 * (lenient fields, see fields.ts; fields it does not name are kept) and written as the schema's
 * output type. This and nothing else
 * calls `collection()`; each collection's operations live in one module beside this one.
 */
export function typedCollection<S extends z.ZodObject>(name: PortalCollection, schema: S) {
  // Fields the schema does not name are kept as stored (loose), but not typed.
  const reader = schema.loose();
  const converter: FirestoreDataConverter<z.output<S>> = {
    toFirestore: (model: DocumentData) => model,
    fromFirestore: (snapshot: QueryDocumentSnapshot) => reader.parse(snapshot.data()) as z.output<S>,
  };
  return (): CollectionReference<z.output<S>> => db().collection(name).withConverter(converter);
}

/** A batch for writes to several documents or collections that must land together. */
export const newBatch = (): WriteBatch => db().batch();

/** gRPC ALREADY_EXISTS: what `create()` (alone or in a batch) answers when the document is there. */
const ALREADY_EXISTS = 6;

/** True when a write failed because a document it creates exists already (a repeat, or another runner first). */
export const isAlreadyExists = (error: unknown): boolean =>
  (error as { code?: unknown } | null)?.code === ALREADY_EXISTS;

/**
 * A transaction: its reads and writes are isolated from concurrent ones (the Cloud Firestore
 * emulator of the local stack isolates them as Firestore does). Contended documents cost: two
 * transactions on one document take seconds on the emulator (platform/http/throttle.ts).
 */
export const runTransaction = <T>(update: (transaction: Transaction) => Promise<T>): Promise<T> =>
  db().runTransaction(update);
