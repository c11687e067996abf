import type { FirestoreServer } from "@firestore-emulator/server";

type State = FirestoreServer["state"];
type Query = Parameters<State["v1Query"]>[1];
type StoredDocument = ReturnType<State["v1Query"]>[number];
/** The parts of the emulator's collection class (bundled inside the server, not exported) used here. */
interface Collection {
  documents: Record<string, StoredDocument>;
  emitter: unknown;
  database: unknown;
  getDocument(name: string): StoredDocument;
}
type DocumentClass = new (
  emitter: unknown,
  database: unknown,
  parent: Collection,
  name: string,
  fields: object,
  collections: object,
) => StoredDocument;

/** A collection of a project no client uses, to reach the classes the server's bundle made. */
const PROBE = "projects/portal-launcher-probe/databases/(default)/documents/probe";

const ASCENDING = 1;

/** Each collection's document ids in ascending order, and how many ids it had when sorted. */
const sortedIds = new WeakMap<Collection, { size: number; ids: string[] }>();

const patched = new WeakSet<object>();

/**
 * The embedded emulator (0.3.x) keeps a collection's documents in one object and adds a document
 * with immer's produce(), which copies that whole object (and freezes the copy): writing the n-th
 * document costs n, so seeding 100,000 documents took hours (10,000 took 111 s, measured). This
 * adds a document to a mutable object in place instead (a document is only ever added there, never
 * removed: a delete clears its fields and keeps the entry), as a map keyed by id would.
 */
function addDocumentsInPlace(state: State): void {
  const probe = state.getCollection(PROBE) as unknown as Collection;
  const prototype = Object.getPrototypeOf(probe) as Collection;
  if (patched.has(prototype)) return;
  patched.add(prototype);
  const Document = probe.getDocument("probe").constructor as DocumentClass;
  prototype.getDocument = function getDocument(this: Collection, name: string) {
    const existing = this.documents[name];
    if (existing) return existing;
    // The one copy: immer left the object frozen; from now on this collection's object is mutable.
    if (Object.isFrozen(this.documents)) this.documents = { ...this.documents };
    const document = new Document(this.emitter, this.database, this, name, {}, {});
    this.documents[name] = document;
    return document;
  };
}

/** The ids of a collection's document entries in ascending order, sorted again only after an id was added. */
function idsInOrder(collection: Collection): string[] {
  const size = Object.keys(collection.documents).length;
  const cached = sortedIds.get(collection);
  if (cached && cached.size === size) return cached.ids;
  const ids = Object.keys(collection.documents).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  sortedIds.set(collection, { size, ids });
  return ids;
}

/** The first index whose id is not below `id` (or above it, with `after`). */
function searchIds(ids: string[], id: string, after: boolean): number {
  let low = 0;
  let high = ids.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    const value = ids[middle] as string;
    if (value < id || (after && value === id)) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** The id a document-id cursor names, when it is a document of this collection. */
function cursorId(cursor: Query["start_at"], collectionPath: string): string | undefined {
  const value = cursor.values[0];
  if (cursor.values.length !== 1 || !value?.has_reference_value) return undefined;
  const reference = value.reference_value;
  if (!reference.startsWith(`${collectionPath}/`)) return undefined;
  const id = reference.slice(collectionPath.length + 1);
  return id.includes("/") ? undefined : id;
}

/**
 * A query without filters in document-id order (`orderBy(documentId())` with cursors and a limit:
 * how a job pages through a whole collection), answered from the collection's ids kept in order:
 * a page costs its own size, not a filter and a sort of the whole collection. Undefined when the
 * query is any other kind (the caller runs the general path).
 */
export function pageInIdOrder(state: State, parent: string, query: Query): StoredDocument[] | undefined {
  const from = query.from[0];
  const order = query.order_by[0];
  if (query.from.length !== 1 || !from?.collection_id || from.all_descendants || query.has_where) return undefined;
  if (query.order_by.length !== 1 || order?.field.field_path !== "__name__" || order.direction !== ASCENDING) {
    return undefined;
  }
  const collectionPath = `${parent}/${from.collection_id}`;
  const collection = state.getCollection(collectionPath) as unknown as Collection;
  const ids = idsInOrder(collection);
  let start = 0;
  let end = ids.length;
  if (query.has_start_at) {
    const id = cursorId(query.start_at, collectionPath);
    if (id === undefined) return undefined;
    // before: the cursor stands before the document (startAt, inclusive); else after it (startAfter).
    start = searchIds(ids, id, !query.start_at.before);
  }
  if (query.has_end_at) {
    const id = cursorId(query.end_at, collectionPath);
    if (id === undefined) return undefined;
    // before: endBefore (exclusive); else endAt (inclusive).
    end = searchIds(ids, id, !query.end_at.before);
  }
  const skip = query.offset ?? 0;
  const wanted = query.has_limit ? query.limit.value : Number.POSITIVE_INFINITY;
  const documents: StoredDocument[] = [];
  let skipped = 0;
  for (let index = start; index < end && documents.length < wanted; index++) {
    const document = collection.documents[ids[index] as string];
    if (!document?.metadata.hasExist) continue;
    if (skipped < skip) {
      skipped += 1;
      continue;
    }
    documents.push(document);
  }
  return documents;
}

/**
 * Makes the embedded emulator's writes cost the same at 100 or 100,000 documents (a document is
 * added in place) and its document-id paging cost a page (`pageInIdOrder`); other queries go on to
 * the query layers installed before (`honourQueryCursors`). Call after those.
 */
export function scaleDocumentStore(server: FirestoreServer): void {
  const state = server.state;
  addDocumentsInPlace(state);
  const runQuery = state.v1Query.bind(state);
  state.v1Query = (parent: string, query: Query) => pageInIdOrder(state, parent, query) ?? runQuery(parent, query);
}
