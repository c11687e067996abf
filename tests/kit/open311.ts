import { readFileSync } from "node:fs";
import { join } from "node:path";
import { Ajv } from "ajv";
import addFormatsModule from "ajv-formats";
import { XMLParser } from "fast-xml-parser";
import { stackInfo } from "./stack-info.ts";

/** Open311 GeoReport v2 as other apps call it: plain HTTP to the portal's `/open311/v2/`, no sign-in. */

export interface Open311Answer {
  status: number;
  contentType: string;
  text: string;
}

export async function open311Get(path: string, headers: Record<string, string> = {}): Promise<Open311Answer> {
  const response = await fetch(`${stackInfo().portalUrl}/open311/v2/${path}`, { headers });
  return {
    status: response.status,
    contentType: response.headers.get("content-type") ?? "",
    text: await response.text(),
  };
}

/**
 * POSTs a form as FixMyStreet's `Open311.pm` does (HTTP::Request::Common's POST with a hash whose
 * list values become repeated fields): `application/x-www-form-urlencoded`, each pair in order.
 */
export async function open311Post(path: string, fields: [string, string][]): Promise<Open311Answer> {
  const response = await fetch(`${stackInfo().portalUrl}/open311/v2/${path}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
  });
  return {
    status: response.status,
    contentType: response.headers.get("content-type") ?? "",
    text: await response.text(),
  };
}

/** The elements FixMyStreet's reader (`_get_xml_object`) reads as lists, by their group element. */
const GROUPS: Record<string, string> = {
  services: "service",
  service_requests: "request",
  service_request_updates: "request_update",
  errors: "error",
  attributes: "attribute",
  values: "value",
  endpoints: "endpoint",
  formats: "format",
};
const LIST_ITEMS = new Set(Object.values(GROUPS));

const parser = new XMLParser({
  ignoreAttributes: true,
  parseTagValue: false,
  trimValues: false,
  isArray: (name) => LIST_ITEMS.has(name),
});

type Tree = string | Tree[] | { [key: string]: Tree };

/** Groups (`<attributes><attribute>…`) become lists again, as a client reads them. */
function ungroup(node: Tree, name?: string): Tree {
  if (typeof node === "string") return node;
  if (Array.isArray(node)) return node.map((entry) => ungroup(entry));
  const item = name ? GROUPS[name] : undefined;
  if (item) {
    const entries = node[item];
    return Array.isArray(entries) ? entries.map((entry) => ungroup(entry)) : [];
  }
  return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, ungroup(value, key)]));
}

/** An XML answer read back with an XML parser: its root element's name and its model (all texts). */
export function readOpen311Xml(xml: string): { root: string; model: Tree } {
  const document = parser.parse(xml) as Record<string, Tree>;
  const root = Object.keys(document).find((key) => key !== "?xml") as string;
  const body = document[root] ?? "";
  if (GROUPS[root]) return { root, model: body === "" ? [] : ungroup(body, root) };
  return { root, model: ungroup(body) };
}

/** A JSON model as XML can hold it: every value a text (null empty, numbers and booleans written out). */
export function asXmlTexts(value: unknown): Tree {
  if (value === null || value === undefined) return "";
  if (Array.isArray(value)) return value.map(asXmlTexts);
  if (typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([key, entry]) => [key, asXmlTexts(entry)]));
  }
  return String(value);
}

const schemaFolder = join(import.meta.dirname, "..", "contract", "open311-schema", "georeport-v2");
const schema = (name: string) => JSON.parse(readFileSync(join(schemaFolder, name), "utf8")) as object;

/**
 * The Open311 community's JSON schemas (tests/contract/open311-schema, unchanged) in Ajv: `services`,
 * `service-definition`, `requests`, and the swagger file's `RequestResponse` and `TokenResponse`.
 */
export function open311Validators() {
  // The schemas are draft-04-era JSON without `$schema`; strict mode would refuse their
  // `minItems` inside `items` (meaningless there, kept as published).
  const ajv = new Ajv({ strict: false, allErrors: true });
  const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;
  addFormats(ajv);
  // swagger.json's ids are "uid"-formatted: any text.
  ajv.addFormat("uid", /^.+$/);
  for (const name of ["request.json", "requests.json", "service.json", "services.json", "service-definition.json"]) {
    ajv.addSchema(schema(name), name);
  }
  const swagger = schema("swagger.json") as { definitions: Record<string, object> };
  const arrayOf = (definition: string) => ({ type: "array", items: swagger.definitions[definition] });
  const compile = (key: string) => {
    const validate = ajv.getSchema(key);
    if (!validate) throw new Error(`No schema ${key}`);
    return validate;
  };
  return {
    services: compile("services.json"),
    serviceDefinition: compile("service-definition.json"),
    requests: compile("requests.json"),
    requestResponse: ajv.compile(arrayOf("RequestResponse")),
    tokenResponse: ajv.compile(arrayOf("TokenResponse")),
    errors: (validate: { errors?: unknown }) => JSON.stringify(validate.errors ?? null),
  };
}
