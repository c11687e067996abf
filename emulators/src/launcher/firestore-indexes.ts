import { type FirestoreServer, FirestoreState, FirestoreStateCollection } from "@firestore-emulator/server";
import {
  ASCENDING,
  compare,
  compareInOrder,
  compareToCursor,
  cursorValues,
  orderValueOf,
  type Plain,
  type Query,
  type StoredDocument,
} from "./firestore-cursors.ts";

/**
 * The embedded emulator (0.3.x) answers every query by scanning, sorting and filtering the whole
 * collection: at 50,000 users one search took seconds. Real Firestore serves a query from an index.
 * Here a query on a collection of at least `minDocuments` documents is served from indexes kept
 * current on every write: per orderBy shape, the documents sorted in exactly the order the scan
 * sorts them (firestore-cursors.ts; ties keep the emulator's storage order), and per field and
 * looked-up value an equality or array-contains posting. The plan walks the sorted index from the
 * start cursor and stops at the limit, or, when one equality/array-contains filter is selective,
 * sorts only its postings. Filters are still applied by the emulator's own filter code, to the
 * candidates only, so answers are those of the scan (firestore-indexes.test.ts compares them).
 * Install it after honourQueryCursors and scaleDocumentStore, before the server starts.
 */
export function indexQueries(server: FirestoreServer, options: { minDocuments?: number } = {}): IndexLayer {
  trackStorageOrder();
  const state = server.state;
  if (!(state instanceof FirestoreState)) throw new Error("firestore-indexes: the server's state is another build");
  const layer: IndexLayer = { bypass: false, minDocuments: options.minDocuments ?? 1000 };
  const indexes = new WeakMap<FirestoreStateCollection, CollectionIndex>();
  const onWrite = ({ document }: { document: StoredDocument }) => indexes.get(document.parent)?.touch(document);
  for (const event of ["create-document", "update-document", "delete-document"] as const) {
    state.emitter.on(event, onWrite);
  }
  // The emulator's own query (filter and storage order), on a list of documents instead of a collection.
  const emulatorQuery = Object.getPrototypeOf(state).v1Query as State["v1Query"];
  const filterWhere = (parent: string, query: Query, documents: StoredDocument[]): StoredDocument[] => {
    if (!query.has_where || documents.length === 0) return documents;
    const view = Object.create(state, {
      getCollection: { value: () => ({ getAllDocuments: () => documents }) },
    }) as State;
    return emulatorQuery.call(view, parent, bare(query));
  };
  const scan = state.v1Query.bind(state);
  state.v1Query = (parent: string, query: Query) => {
    if (layer.bypass || !indexable(query)) return scan(parent, query);
    const collection = state.getCollection(`${parent}/${query.from[0]?.collection_id}`);
    let index = indexes.get(collection);
    if (!index) {
      index = new CollectionIndex(collection);
      indexes.set(collection, index);
    }
    if (index.size < layer.minDocuments) return scan(parent, query);
    return index.run(query, (documents) => filterWhere(parent, query, documents));
  };
  return layer;
}

export interface IndexLayer {
  /** Answer every query by the scan again (tests compare the two). */
  bypass: boolean;
  /** Collections smaller than this are scanned (the scan is fast there and needs no index). */
  minDocuments: number;
}

type State = FirestoreServer["state"];
type OrderBy = Query["order_by"];
type FieldFilter = Query["where"]["field_filter"];

// StructuredQuery.FieldFilter.Operator and CompositeFilter.Operator (google/firestore/v1/query.proto).
const FIELD_OPERATOR = { EQUAL: 5, ARRAY_CONTAINS: 7 } as const;
const COMPOSITE_AND = 1;

/** The query without orderBy, limit and cursors: what is left is the emulator's filter. */
const bare = (query: Query) =>
  new Proxy(query, {
    get: (target, property) => {
      if (property === "has_limit" || property === "has_start_at" || property === "has_end_at") return false;
      if (property === "order_by") return [];
      return Reflect.get(target, property, target);
    },
  });

/** Field paths this layer reads itself; a nested path is the emulator's to answer (or refuse). */
const topLevel = (path: string | undefined) => !!path && !path.includes(".") && !path.includes("`");

function fieldFilters(query: Query): FieldFilter[] {
  if (!query.has_where) return [];
  if (query.where.has_field_filter) return [query.where.field_filter];
  if (query.where.has_composite_filter) {
    return query.where.composite_filter.filters.filter((filter) => filter.has_field_filter).map((f) => f.field_filter);
  }
  return [];
}

function indexable(query: Query): boolean {
  const from = query.from[0];
  if (query.from.length !== 1 || !from?.collection_id || from.all_descendants) return false;
  if (!query.order_by.every((order) => topLevel(order.field.field_path))) return false;
  if (query.has_where && !query.where.has_field_filter && !query.where.has_composite_filter) return false;
  // Nested composite filters are the emulator's to refuse, as it does on the scan.
  if (
    query.has_where &&
    query.where.has_composite_filter &&
    !query.where.composite_filter.filters.every((f) => f.has_field_filter)
  ) {
    return false;
  }
  return fieldFilters(query).every((filter) => topLevel(filter.field.field_path));
}

// Storage order: where Object.values(collection.documents) puts a document. A key that is an array
// index ("0", "17") comes first in numeric order, then every other key in insertion order.
const storageSeq = new WeakMap<StoredDocument, number>();
let nextSeq = 0;
const ARRAY_INDEX = /^(0|[1-9]\d{0,9})$/;
function assignSeq(document: StoredDocument): number {
  const known = storageSeq.get(document);
  if (known !== undefined) return known;
  const seq =
    ARRAY_INDEX.test(document.name) && Number(document.name) < 2 ** 32 - 1
      ? Number(document.name) - 2 ** 33
      : nextSeq++;
  storageSeq.set(document, seq);
  return seq;
}

let trackingStorageOrder = false;
/**
 * Gives each document its storage position when its collection first holds it, whichever
 * getDocument is installed (the emulator's, or scaleDocumentStore's in-place one: install this after).
 */
function trackStorageOrder(): void {
  if (trackingStorageOrder) return;
  trackingStorageOrder = true;
  const prototype = FirestoreStateCollection.prototype;
  const getDocument = prototype.getDocument;
  prototype.getDocument = function trackedGetDocument(this: FirestoreStateCollection, name: string) {
    const documents = (this as unknown as { documents: Record<string, StoredDocument> }).documents;
    const known = Object.hasOwn(documents, name);
    const document = getDocument.call(this, name);
    if (!known) assignSeq(document);
    return document;
  };
}

type Key = (Plain | undefined)[];

/** A collection's existing documents sorted as the scan sorts them for one orderBy. */
class OrderedIndex {
  entries: StoredDocument[] = [];
  private keys = new Map<StoredDocument, Key>();
  private pending = new Set<StoredDocument>();

  constructor(
    private readonly orderBy: OrderBy,
    private readonly members: Set<StoredDocument>,
  ) {
    this.rebuild();
  }

  private keyOf(document: StoredDocument): Key {
    return this.orderBy.map((order) => orderValueOf(document, order.field.field_path));
  }

  private compare(keyA: Key, seqA: number, keyB: Key, seqB: number): number {
    return compareInOrder(keyA, keyB, this.orderBy) || seqA - seqB;
  }

  /** The first position whose entry sorts at or after the key. */
  private positionOf(key: Key, seq: number): number {
    let low = 0;
    let high = this.entries.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      const entry = this.entries[middle] as StoredDocument;
      if (this.compare(this.keys.get(entry) as Key, assignSeq(entry), key, seq) < 0) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  private rebuild(): void {
    this.keys = new Map([...this.members].map((document) => [document, this.keyOf(document)]));
    this.entries = [...this.keys.keys()].sort((a, b) =>
      this.compare(this.keys.get(a) as Key, assignSeq(a), this.keys.get(b) as Key, assignSeq(b)),
    );
    this.pending.clear();
  }

  touch(document: StoredDocument): void {
    this.pending.add(document);
  }

  /** Applies the writes since the last query: one by one, or a fresh sort when they are many. */
  refresh(): void {
    if (this.pending.size === 0) return;
    if (this.pending.size * 16 > this.entries.length) {
      this.rebuild();
      return;
    }
    for (const document of this.pending) {
      const old = this.keys.get(document);
      if (old) {
        let at = this.positionOf(old, assignSeq(document));
        if (this.entries[at] !== document) at = this.entries.indexOf(document);
        if (at >= 0) this.entries.splice(at, 1);
        this.keys.delete(document);
      }
      if (this.members.has(document)) {
        const key = this.keyOf(document);
        this.keys.set(document, key);
        this.entries.splice(this.positionOf(key, assignSeq(document)), 0, document);
      }
    }
    this.pending.clear();
  }

  /** The first position that can pass a start cursor (earlier entries sort before it). */
  startOf(values: Plain[]): number {
    const direction = (index: number) => (this.orderBy[index]?.direction === ASCENDING ? 1 : -1);
    const against = (key: Key) => {
      for (const [index, value] of values.entries()) {
        if (index >= this.orderBy.length) break;
        const own = key[index];
        if (!own) return 1;
        const position = compare(own, value);
        if (position !== 0) return position * direction(index);
      }
      return 0;
    };
    let low = 0;
    let high = this.entries.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (against(this.keys.get(this.entries[middle] as StoredDocument) as Key) < 0) low = middle + 1;
      else high = middle;
    }
    return low;
  }
}

/** A filter's value, when it is a scalar an equality posting can hold (not a map, array, bytes…). */
function scalarOf(filter: FieldFilter): { type: string; value: unknown } | undefined {
  const value = filter.value;
  if (value.has_string_value) return { type: "string_value", value: value.string_value };
  if (value.has_integer_value) return { type: "integer_value", value: String(value.integer_value) };
  if (value.has_double_value) return { type: "double_value", value: value.double_value };
  if (value.has_boolean_value) return { type: "boolean_value", value: value.boolean_value };
  if (value.has_null_value) return { type: "null_value", value: null };
  if (value.has_reference_value) return { type: "reference_value", value: value.reference_value };
  if (value.has_timestamp_value) {
    const { seconds, nanos } = value.timestamp_value;
    return { type: "timestamp_value", value: `${Number(seconds)}.${Number(nanos ?? 0)}` };
  }
  return undefined;
}

/** Whether a stored value is this scalar (a superset of the emulator's eq: same type, same value). */
function sameScalar(field: { type: string; value: unknown } | undefined, scalar: { type: string; value: unknown }) {
  if (!field || field.type !== scalar.type) return false;
  switch (scalar.type) {
    case "null_value":
      return true;
    case "integer_value":
      return String(field.value) === scalar.value;
    case "timestamp_value": {
      const { seconds, nanos } = field.value as { seconds: number | string; nanos?: number };
      return `${Number(seconds)}.${Number(nanos ?? 0)}` === scalar.value;
    }
    default:
      return field.value === scalar.value;
  }
}

const POSTINGS_KEPT = 256;

/**
 * One field's postings, built per looked-up value on its first use (one pass over the collection)
 * and kept current on writes: the documents whose field equals the value ("=") or whose array holds
 * it ("∋"). The most recently used POSTINGS_KEPT values are kept.
 */
class Posting {
  private byKey = new Map<string, { holds: (document: StoredDocument) => boolean; documents: Set<StoredDocument> }>();
  private pending = new Set<StoredDocument>();

  constructor(
    private readonly field: string,
    private readonly members: Set<StoredDocument>,
  ) {}

  touch(document: StoredDocument): void {
    this.pending.add(document);
  }

  /** The documents that may match the filter (every one that does is among them). */
  lookup(filter: FieldFilter): Set<StoredDocument> | undefined {
    const scalar = scalarOf(filter);
    if (!scalar) return undefined;
    if (this.pending.size * 16 > this.members.size) this.byKey.clear();
    else {
      for (const document of this.pending) {
        const exists = this.members.has(document);
        for (const posting of this.byKey.values()) {
          if (exists && posting.holds(document)) posting.documents.add(document);
          else posting.documents.delete(document);
        }
      }
    }
    this.pending.clear();
    const contains = filter.op === FIELD_OPERATOR.ARRAY_CONTAINS;
    const key = `${contains ? "∋" : "="}${scalar.type}:${String(scalar.value)}`;
    const kept = this.byKey.get(key);
    if (kept) {
      // Most recently used last.
      this.byKey.delete(key);
      this.byKey.set(key, kept);
      return kept.documents;
    }
    const field = this.field;
    const holds = contains
      ? (document: StoredDocument) => {
          const value = document.getField(field);
          return (
            value?.type === "array_value" &&
            (value.value as { type: string; value: unknown }[]).some((element) => sameScalar(element, scalar))
          );
        }
      : (document: StoredDocument) => sameScalar(document.getField(field), scalar);
    const documents = new Set<StoredDocument>();
    for (const document of this.members) if (holds(document)) documents.add(document);
    this.byKey.set(key, { holds, documents });
    if (this.byKey.size > POSTINGS_KEPT) this.byKey.delete(this.byKey.keys().next().value as string);
    return documents;
  }
}

/** The indexes of one collection, built on its first large query and kept current on writes. */
class CollectionIndex {
  private members = new Set<StoredDocument>();
  private ordered = new Map<string, OrderedIndex>();
  private postings = new Map<string, Posting>();

  constructor(collection: FirestoreStateCollection) {
    for (const document of collection.getAllDocuments()) {
      assignSeq(document);
      if (document.metadata.hasExist) this.members.add(document);
    }
  }

  get size(): number {
    return this.members.size;
  }

  touch(document: StoredDocument): void {
    if (document.metadata.hasExist) this.members.add(document);
    else this.members.delete(document);
    for (const index of this.ordered.values()) index.touch(document);
    for (const posting of this.postings.values()) posting.touch(document);
  }

  private orderedFor(orderBy: OrderBy): OrderedIndex {
    const shape = JSON.stringify(orderBy.map((order) => [order.field.field_path, order.direction]));
    let index = this.ordered.get(shape);
    if (!index) {
      index = new OrderedIndex(orderBy, this.members);
      this.ordered.set(shape, index);
    }
    index.refresh();
    return index;
  }

  /** The smallest posting of an equality or array-contains filter the query must satisfy. */
  private narrowest(query: Query): Set<StoredDocument> | undefined {
    if (query.has_where && query.where.has_composite_filter && query.where.composite_filter.op !== COMPOSITE_AND) {
      return undefined;
    }
    let best: Set<StoredDocument> | undefined;
    for (const filter of fieldFilters(query)) {
      if (filter.op !== FIELD_OPERATOR.EQUAL && filter.op !== FIELD_OPERATOR.ARRAY_CONTAINS) continue;
      const field = filter.field.field_path;
      let posting = this.postings.get(field);
      if (!posting) {
        posting = new Posting(field, this.members);
        this.postings.set(field, posting);
      }
      const candidates = posting.lookup(filter);
      if (candidates && (!best || candidates.size < best.size)) best = candidates;
    }
    return best;
  }

  run(query: Query, filterWhere: (documents: StoredDocument[]) => StoredDocument[]): StoredDocument[] {
    const offset = query.offset ?? 0;
    const wanted = query.has_limit ? offset + query.limit.value : Number.POSITIVE_INFINITY;
    const start = query.has_start_at ? cursorValues(query.start_at) : undefined;
    const end = query.has_end_at ? cursorValues(query.end_at) : undefined;
    // The cursors exactly as firestore-cursors.ts applies them after its sort.
    const withinCursors = (document: StoredDocument) => {
      if (start) {
        const position = compareToCursor(document, query, start);
        if (query.start_at.before ? position < 0 : position <= 0) return false;
      }
      if (end) {
        const position = compareToCursor(document, query, end);
        if (query.end_at.before ? position >= 0 : position > 0) return false;
      }
      return true;
    };
    const page = (documents: StoredDocument[]) => documents.slice(offset, Number.isFinite(wanted) ? wanted : undefined);

    const candidates = this.narrowest(query);
    const walkCost = Number.isFinite(wanted)
      ? ((wanted + 1) * this.size) / Math.max(1, candidates?.size ?? 0)
      : this.size;
    if (candidates && candidates.size <= 4 * walkCost) {
      // Few candidates: the scan's own steps on them alone. When the query's one filter is the
      // posting's, the posting is exactly its matches (same type, same value: the emulator's eq).
      const matches = query.where.has_field_filter ? [...candidates] : filterWhere([...candidates]);
      const keyed = matches.map((document) => ({
        document,
        key: query.order_by.map((order) => orderValueOf(document, order.field.field_path)),
        seq: assignSeq(document),
      }));
      keyed.sort((a, b) => compareInOrder(a.key, b.key, query.order_by) || a.seq - b.seq);
      return page(keyed.map(({ document }) => document).filter(withinCursors));
    }

    // Otherwise walk the sorted index from the start cursor, in growing chunks, until the limit.
    const index = this.orderedFor(query.order_by);
    const found: StoredDocument[] = [];
    let at = start ? index.startOf(start) : 0;
    let chunk = Number.isFinite(wanted) ? Math.max(64, wanted * 2) : index.entries.length;
    while (at < index.entries.length && found.length < wanted) {
      const slice = index.entries.slice(at, at + chunk);
      at += slice.length;
      for (const document of filterWhere(slice)) if (withinCursors(document)) found.push(document);
      chunk = Math.min(chunk * 2, 8192);
    }
    return page(found);
  }
}
