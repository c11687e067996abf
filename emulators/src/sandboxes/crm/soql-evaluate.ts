import { type Condition, type Literal, type OrderItem, parseSoqlDate, type SoqlQuery } from "./soql-parser.ts";

export type SObjectRecord = Record<string, unknown> & { Id: string };

/** Finds a record by id in any object, for relationship paths like Staff_Liaison__r.Name. */
export type ResolveId = (id: string) => { type: string; record: SObjectRecord } | undefined;

/** Raised for a field the object does not have; the sandbox answers INVALID_FIELD. */
export class UnknownFieldError extends Error {}

/** Field names are case-insensitive in SOQL; records keep the canonical spelling. */
export function canonicalField(record: Record<string, unknown>, name: string): string | undefined {
  if (name in record) return name;
  const lower = name.toLowerCase();
  return Object.keys(record).find((key) => key.toLowerCase() === lower);
}

/** The lookup field behind a relationship name: Staff_Liaison__r -> Staff_Liaison__c, Account -> AccountId. */
export function lookupFieldOf(relationship: string): string {
  return relationship.toLowerCase().endsWith("__r") ? `${relationship.slice(0, -3)}__c` : `${relationship}Id`;
}

export interface FieldAccess {
  /** Throws UnknownFieldError when the path names no field of the object (checked against `fields`). */
  value: (record: SObjectRecord, path: string) => unknown;
}

export function fieldAccess(fields: ReadonlySet<string>, resolve: ResolveId): FieldAccess {
  const known = new Set([...fields].map((field) => field.toLowerCase()));
  const value = (record: SObjectRecord, path: string): unknown => {
    const [head, ...rest] = path.split(".") as [string, ...string[]];
    if (rest.length === 0) {
      if (!known.has(head.toLowerCase())) throw new UnknownFieldError(head);
      const key = canonicalField(record, head);
      return key === undefined ? null : (record[key] ?? null);
    }
    const lookup = lookupFieldOf(head);
    if (!known.has(lookup.toLowerCase())) throw new UnknownFieldError(head);
    const key = canonicalField(record, lookup);
    const id = key === undefined ? null : record[key];
    if (typeof id !== "string" || !id) return null;
    const target = resolve(id);
    if (!target) return null;
    return walk(target.record, rest);
  };
  const walk = (record: SObjectRecord, path: string[]): unknown => {
    const [head, ...rest] = path as [string, ...string[]];
    if (rest.length === 0) {
      const key = canonicalField(record, head);
      return key === undefined ? null : (record[key] ?? null);
    }
    const key = canonicalField(record, lookupFieldOf(head));
    const id = key === undefined ? null : record[key];
    const target = typeof id === "string" ? resolve(id) : undefined;
    return target ? walk(target.record, rest) : null;
  };
  return { value };
}

const DATE_VALUE = /^\d{4}-\d{2}-\d{2}(T|$)/;

/** Orders two field values; strings case-insensitively, dates by instant. Null handling is the caller's. */
function compareValues(left: unknown, right: Literal): number | null {
  if (right.kind === "null" || left === null || left === undefined) return null;
  if (right.kind === "date") {
    if (typeof left !== "string" || !DATE_VALUE.test(left)) return null;
    return parseSoqlDate(left) - right.value;
  }
  if (right.kind === "number") return typeof left === "number" ? left - right.value : null;
  if (right.kind === "boolean") return left === right.value ? 0 : 1;
  const text = String(left).toLowerCase();
  const other = right.value.toLowerCase();
  return text < other ? -1 : text > other ? 1 : 0;
}

function likePattern(pattern: string): RegExp {
  const escaped = pattern
    .replace(/[.*+?^${}()|[\]\\]/g, "\\$&")
    .replace(/%/g, ".*")
    .replace(/_/g, ".");
  return new RegExp(`^${escaped}$`, "is");
}

function equals(left: unknown, right: Literal): boolean {
  if (right.kind === "null") return left === null || left === undefined;
  return compareValues(left, right) === 0;
}

export function matches(condition: Condition, record: SObjectRecord, access: FieldAccess): boolean {
  switch (condition.kind) {
    case "and":
      return matches(condition.left, record, access) && matches(condition.right, record, access);
    case "or":
      return matches(condition.left, record, access) || matches(condition.right, record, access);
    case "not":
      return !matches(condition.condition, record, access);
    case "in": {
      const value = access.value(record, condition.field);
      const found = condition.values.some((literal) => equals(value, literal));
      // SOQL: NOT IN never matches a null field.
      return condition.negated ? value !== null && !found : found;
    }
    case "compare": {
      const value = access.value(record, condition.field);
      const { operator, value: literal } = condition;
      if (operator === "=") return equals(value, literal);
      if (operator === "!=") return !equals(value, literal);
      if (operator === "LIKE") {
        return literal.kind === "string" && typeof value === "string" && likePattern(literal.value).test(value);
      }
      const order = compareValues(value, literal);
      if (order === null) return false;
      if (operator === "<") return order < 0;
      if (operator === ">") return order > 0;
      if (operator === "<=") return order <= 0;
      return order >= 0;
    }
  }
}

function sortKey(value: unknown): string | number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === "number") return value;
  if (typeof value === "boolean") return value ? 1 : 0;
  const text = String(value);
  return DATE_VALUE.test(text) ? parseSoqlDate(text) : text.toLowerCase();
}

export function sortRecords(records: SObjectRecord[], orderBy: OrderItem[], access: FieldAccess): SObjectRecord[] {
  if (orderBy.length === 0) return records;
  const keyed = records.map((record) => ({
    record,
    keys: orderBy.map((item) => sortKey(access.value(record, item.field))),
  }));
  keyed.sort((left, right) => {
    for (const [index, item] of orderBy.entries()) {
      const a = left.keys[index] ?? null;
      const b = right.keys[index] ?? null;
      if (a === b) continue;
      if (a === null) return item.nullsLast ? 1 : -1;
      if (b === null) return item.nullsLast ? -1 : 1;
      const order = a < b ? -1 : 1;
      return item.descending ? -order : order;
    }
    return 0;
  });
  return keyed.map((entry) => entry.record);
}

/** WHERE, ORDER BY, OFFSET and LIMIT over one object's records. */
export function selectRecords(query: SoqlQuery, records: SObjectRecord[], access: FieldAccess): SObjectRecord[] {
  for (const item of query.select) {
    if (item.kind === "field") access.value(records[0] ?? { Id: "" }, item.path);
  }
  const filtered = query.where
    ? records.filter((record) => matches(query.where as Condition, record, access))
    : records;
  const sorted = sortRecords(filtered === records ? [...records] : filtered, query.orderBy, access);
  const start = query.offset ?? 0;
  return sorted.slice(start, query.limit === null ? undefined : start + query.limit);
}
