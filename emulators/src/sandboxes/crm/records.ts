import type { ResolveId, SObjectRecord } from "./soql-evaluate.ts";
import { canonicalField, lookupFieldOf } from "./soql-evaluate.ts";
import type { SoqlQuery } from "./soql-parser.ts";

export const API_VERSION_PATH = (version: string) => `/services/data/${version}`;

const attributes = (version: string, type: string, id: string) => ({
  type,
  url: `${API_VERSION_PATH(version)}/sobjects/${type}/${id}`,
});

/** A whole record as GET /sobjects/{type}/{id} answers it. */
export function wholeRecord(version: string, type: string, record: SObjectRecord, only?: string[]) {
  const shaped: Record<string, unknown> = { attributes: attributes(version, type, record.Id) };
  const fields = only ?? Object.keys(record);
  for (const field of fields) {
    const key = canonicalField(record, field);
    shaped[key ?? field] = key === undefined ? null : (record[key] ?? null);
  }
  return shaped;
}

/**
 * A query row: only the selected fields, relationship paths nested as Salesforce nests them
 * ({ Staff_Liaison__r: { attributes, Name } }, or null when the lookup is empty).
 */
export function queryRow(version: string, type: string, record: SObjectRecord, query: SoqlQuery, resolve: ResolveId) {
  const row: Record<string, unknown> = { attributes: attributes(version, type, record.Id) };
  for (const item of query.select) {
    if (item.kind !== "field") continue;
    placePath(version, row, record, item.path.split("."), resolve);
  }
  return row;
}

function placePath(
  version: string,
  target: Record<string, unknown>,
  record: SObjectRecord,
  path: string[],
  resolve: ResolveId,
): void {
  const [head, ...rest] = path as [string, ...string[]];
  if (rest.length === 0) {
    const key = canonicalField(record, head) ?? head;
    target[key] = record[key] ?? null;
    return;
  }
  const lookupKey = canonicalField(record, lookupFieldOf(head));
  const id = lookupKey ? record[lookupKey] : null;
  const related = typeof id === "string" ? resolve(id) : undefined;
  if (!related) {
    target[head] = null;
    return;
  }
  const existing = target[head];
  const nested =
    existing && typeof existing === "object"
      ? (existing as Record<string, unknown>)
      : { attributes: attributes(version, related.type, related.record.Id) };
  target[head] = nested;
  placePath(version, nested, related.record, rest, resolve);
}
