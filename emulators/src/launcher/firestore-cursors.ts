import type { FirestoreServer } from "@firestore-emulator/server";
// The package has no exports map; this is the converter its own query code uses on values.
import { convertV1DocumentField } from "@firestore-emulator/server/dist/FirestoreState/field.js";

type State = FirestoreServer["state"];
export type Query = Parameters<State["v1Query"]>[1];
export type StoredDocument = ReturnType<State["v1Query"]>[number];
type CursorProto = NonNullable<Query["start_at"]>;

export const ASCENDING = 1;

/** A stored or cursor value as its type and a comparable JS value (the bundle's field classes differ per file). */
export interface Plain {
  type: string;
  value: unknown;
}

/** Firestore's order of value types. */
const TYPE_ORDER = [
  "null_value",
  "boolean_value",
  "integer_value",
  "double_value",
  "timestamp_value",
  "string_value",
  "bytes_value",
  "reference_value",
  "geo_point_value",
  "array_value",
  "map_value",
];
const rankOf = (type: string) => {
  // Integers and doubles are one type in Firestore's order.
  const rank = TYPE_ORDER.indexOf(type === "integer_value" ? "double_value" : type);
  return rank < 0 ? TYPE_ORDER.length : rank;
};

function comparable({ type, value }: Plain): unknown {
  if (type === "timestamp_value" && value && typeof value === "object") {
    const { seconds, nanos } = value as { seconds: number | string; nanos: number };
    return Number(seconds) * 1e9 + Number(nanos ?? 0);
  }
  if (type === "integer_value" || type === "double_value") return Number(value);
  return value;
}

/** -1, 0 or 1 in Firestore's order (arrays, maps and geo points compare as equal here). */
export function compare(a: Plain, b: Plain): number {
  const byType = rankOf(a.type) - rankOf(b.type);
  if (byType !== 0) return Math.sign(byType);
  const left = comparable(a);
  const right = comparable(b);
  if (typeof left !== typeof right || typeof left === "object") return 0;
  return left === right ? 0 : (left as string | number) < (right as string | number) ? -1 : 1;
}

/** A document's value for one orderBy field; `__name__` is its full path, as a reference holds. */
export function orderValueOf(document: StoredDocument, fieldPath: string): Plain | undefined {
  if (fieldPath === "__name__") return { type: "reference_value", value: document.getPath() };
  const field = document.getField(fieldPath);
  return field ? { type: field.type, value: field.value } : undefined;
}

/** A document's values for the query's orderBy fields, in order (undefined where it has none). */
export function orderValuesOf(document: StoredDocument, query: Query): (Plain | undefined)[] {
  return query.order_by.map((order) => orderValueOf(document, order.field.field_path));
}

/**
 * The order of two documents' orderBy values: field by field in each field's direction, a missing
 * value after any value in either direction; 0 when every field ties (the sort is stable, so ties
 * keep the emulator's storage order).
 */
export function compareInOrder(
  left: (Plain | undefined)[],
  right: (Plain | undefined)[],
  orderBy: Query["order_by"],
): number {
  for (const [index, order] of orderBy.entries()) {
    const a = left[index];
    const b = right[index];
    if (!a || !b) {
      if (a && !b) return -1;
      if (!a && b) return 1;
      continue;
    }
    const position = compare(a, b);
    if (position !== 0) return order.direction === ASCENDING ? position : -position;
  }
  return 0;
}

export function cursorValues(cursor: CursorProto): Plain[] {
  return cursor.values.map((value) => {
    const field = convertV1DocumentField(value);
    return { type: field.type, value: field.value };
  });
}

/** Where a document stands against a cursor in the query's order: -1 before, 0 at, 1 after. */
export function compareToCursor(document: StoredDocument, query: Query, values: Plain[]): number {
  for (const [index, cursorValue] of values.entries()) {
    const order = query.order_by[index];
    if (!order) break;
    const value = orderValueOf(document, order.field.field_path);
    if (!value) return -1;
    const position = compare(value, cursorValue);
    if (position === 0) continue;
    return order.direction === ASCENDING ? position : -position;
  }
  return 0;
}

/**
 * The embedded emulator (0.3.x) ignores a query's cursors (startAt, startAfter, endAt, endBefore)
 * and its offset, so paging with cursors, as real Firestore pages, answered the first page again.
 * This runs the emulator's own filter, then sorts the matches, and applies the cursors, the offset
 * and the limit as Firestore does.
 */
export function honourQueryCursors(server: FirestoreServer): void {
  const state = server.state;
  const runQuery = state.v1Query.bind(state);
  state.v1Query = (parent: string, query: Query) => {
    const offset = query.offset ?? 0;
    // The emulator sorts the whole collection before it filters; here it only filters (no order,
    // no limit), and the matches alone are sorted, in its own order (a missing field sorts last).
    const unordered = new Proxy(query, {
      get: (target, property) => {
        if (property === "has_limit") return false;
        if (property === "order_by") return [];
        return Reflect.get(target, property, target);
      },
    });
    let documents = runQuery(parent, unordered);
    if (query.order_by.length > 0) {
      documents = documents
        .slice()
        .sort((a, b) => compareInOrder(orderValuesOf(a, query), orderValuesOf(b, query), query.order_by));
    }
    if (query.has_start_at) {
      const values = cursorValues(query.start_at);
      const inclusive = query.start_at.before;
      documents = documents.filter((document) => {
        const position = compareToCursor(document, query, values);
        return inclusive ? position >= 0 : position > 0;
      });
    }
    if (query.has_end_at) {
      const values = cursorValues(query.end_at);
      const inclusive = !query.end_at.before;
      documents = documents.filter((document) => {
        const position = compareToCursor(document, query, values);
        return inclusive ? position <= 0 : position < 0;
      });
    }
    if (offset > 0) documents = documents.slice(offset);
    if (query.has_limit) documents = documents.slice(0, query.limit.value);
    return documents;
  };
}
