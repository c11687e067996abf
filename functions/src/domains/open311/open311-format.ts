import { XMLBuilder } from "fast-xml-parser";
import type { AnswerFormat, FormattedBody } from "../../platform/http/route";

/**
 * One Open311 answer model, written as XML (required by GeoReport v2: FixMyStreet calls the `.xml`
 * URLs) or JSON (optional). A list is the standard's bare JSON array and, in XML, a root element of
 * items (`<services><service>…`); an object is a JSON object and, in XML, one root element.
 */
export type Open311Value = string | number | boolean | null | Open311Value[] | { [key: string]: Open311Value };
export type Open311Record = { [key: string]: Open311Value };
export type Open311Answer =
  | { root: string; item: string; list: Open311Record[] }
  | { root: string; object: Open311Record };

/**
 * In XML a field holding a list becomes an element wrapping one element per entry, named as
 * GeoReport v2's XML examples (and FixMyStreet's reader, `_get_xml_object`'s GroupTags) name them.
 */
export const OPEN311_XML_GROUPS: Record<string, string> = {
  attributes: "attribute",
  values: "value",
  endpoints: "endpoint",
  formats: "format",
};

const builder = new XMLBuilder({ ignoreAttributes: true, format: false, suppressEmptyNode: true });

/** A model value as the builder's tree: lists grouped, null empty, numbers and booleans as text. */
function xmlValue(value: Open311Value, key?: string): unknown {
  if (value === null) return "";
  if (typeof value === "boolean" || typeof value === "number") return String(value);
  if (Array.isArray(value)) {
    const item = (key && OPEN311_XML_GROUPS[key]) ?? "item";
    return { [item]: value.map((entry) => xmlValue(entry)) };
  }
  if (typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([name, entry]) => [name, xmlValue(entry, name)]));
  }
  return value;
}

/** The answer as XML text (UTF-8, with its declaration). */
export function toOpen311Xml(answer: Open311Answer): string {
  const tree =
    "list" in answer
      ? { [answer.root]: answer.list.length ? { [answer.item]: answer.list.map((entry) => xmlValue(entry)) } : "" }
      : { [answer.root]: xmlValue(answer.object) };
  return `<?xml version="1.0" encoding="utf-8"?>${builder.build(tree)}`;
}

/** The answer as JSON text: the list itself, or the object. */
export function toOpen311Json(answer: Open311Answer): string {
  return JSON.stringify("list" in answer ? answer.list : answer.object);
}

/** GeoReport v2's error list: 404 unknown resource, 403 bad or missing api_key, 400 otherwise (and 429, 503). */
export function open311Errors(error: { status: number; message: string; fields?: Record<string, string> }) {
  const details = Object.entries(error.fields ?? {}).map(([field, problem]) => `${field}: ${problem}`);
  const description = details.length ? `${error.message} (${details.join("; ")})` : error.message;
  const answer: Open311Answer = { root: "errors", item: "error", list: [{ code: error.status, description }] };
  return answer;
}

const isAnswer = (value: unknown): value is Open311Answer =>
  typeof value === "object" && value !== null && "root" in value && ("list" in value || "object" in value);

function formatOf(name: string, contentType: string, write: (answer: Open311Answer) => string): AnswerFormat {
  const written = (answer: Open311Answer): FormattedBody => ({ contentType, body: write(answer) });
  return {
    name,
    result: (result) => {
      if (!isAnswer(result)) throw new Error("An Open311 route answered something other than an Open311Answer");
      return written(result);
    },
    error: (error) => written(open311Errors(error)),
  };
}

export const OPEN311_XML = formatOf("open311-xml", "text/xml; charset=utf-8", toOpen311Xml);
export const OPEN311_JSON = formatOf("open311-json", "application/json; charset=utf-8", toOpen311Json);

/** Where the Open311 endpoint lives; its format is the path's extension (`.json`, else XML). */
export const OPEN311_BASE = "/open311/v2";
export function open311FormatForPath(path: string): AnswerFormat | undefined {
  if (!path.startsWith(`${OPEN311_BASE}/`)) return undefined;
  return path.endsWith(".json") ? OPEN311_JSON : OPEN311_XML;
}
