// GET /open311/v2/discovery.{xml,json}
// GET /open311/v2/services.{xml,json}?locale=
// GET /open311/v2/services/:service_code.{xml,json}?locale=
// POST /open311/v2/requests.{xml,json} (form-encoded, api_key)
// GET /open311/v2/requests.{xml,json}?service_request_id=&service_code=&start_date=&end_date=&status=
// GET /open311/v2/requests/:id.{xml,json}
// GET /open311/v2/tokens/:token.{xml,json}
// GET /open311/v2/servicerequestupdates.{xml,json}?start_date=&end_date= (mySociety's extension)
import { z } from "zod";
import { OPEN311_SEEDED_DEMO_KEY } from "../../contract/open311-keys";
import { REPORT_TYPES } from "../../contract/reports";
import { type AnswerFormat, type AnyRoute, type Route, route, type ThrottleRule } from "../../platform/http/route";
import { takeThrottleSlot } from "../../platform/http/throttle";
import { appOfKey } from "./api-keys.service";
import {
  fileOpen311Request,
  OPEN311_MAX_REQUESTS,
  type Open311Language,
  type Open311RequestInput,
  open311Language,
  open311Request,
  open311Requests,
  open311ServiceDefinition,
  open311Services,
  open311Token,
  open311Updates,
} from "./open311.service";
import { OPEN311_BASE, OPEN311_JSON, OPEN311_XML, type Open311Answer, type Open311Record } from "./open311-format";

/** Reads are public (the standard asks no key for them); this stops a script spending the CRM's API budget. */
const READ_THROTTLE: ThrottleRule[] = [{ name: "open311-read", key: "client", limit: 600, windowSeconds: 600 }];
/** A wrong or revoked api_key, or a refused request, uses this: guessing keys is slow. */
const POST_THROTTLE: ThrottleRule[] = [
  { name: "open311-post-refused", key: "client", limit: 60, windowSeconds: 3600, counts: "failures" },
];
/** Tokens are UUIDs; a miss counts, so nobody walks them. */
const TOKEN_THROTTLE: ThrottleRule[] = [
  { name: "open311-token-misses", key: "client", limit: 120, windowSeconds: 3600, counts: "failures" },
];

const text = (max: number) => z.string().trim().max(max, { message: "Invalid" });
/** A form field's number: "" counts as absent (a form sends empty fields). */
const formNumber = (min: number, max: number) =>
  z.preprocess(
    (value) => (value === "" || value === null ? undefined : value),
    z.coerce
      .number({ message: "Invalid" })
      .min(min, { message: "Invalid" })
      .max(max, { message: "Invalid" })
      .optional(),
  );
/** An ISO 8601 date-time (FixMyStreet sends W3C date-times with an offset). */
const formDate = z.preprocess(
  (value) => (value === "" ? undefined : value),
  z.iso
    .datetime({ offset: true, local: false, message: "Invalid" })
    .transform((value) => new Date(value))
    .optional(),
);
/** A comma-separated list (`service_code=pothole,graffiti`), each entry checked by `item`. */
const commaList = <T extends z.ZodType<unknown, string>>(item: T, max: number) =>
  z
    .string()
    .max(max * 40, { message: "Invalid" })
    .transform((value) =>
      value
        .split(",")
        .map((entry) => entry.trim())
        .filter(Boolean),
    )
    .pipe(z.array(item).max(max, { message: "Invalid" }))
    .optional();

const ZServiceCode = z.enum(REPORT_TYPES, { message: "Invalid" });
const ZCaseNumber = z.string().regex(/^[0-9]{1,12}$/, { message: "Invalid" });

const ZLocaleQuery = z.object({
  locale: z
    .string()
    .regex(/^[A-Za-z]{2}([-_][A-Za-z0-9]{2,8})?$/, { message: "Invalid" })
    .optional(),
  jurisdiction_id: text(100).optional(),
});

const ZRequestsQuery = ZLocaleQuery.extend({
  service_request_id: commaList(ZCaseNumber, OPEN311_MAX_REQUESTS),
  service_code: commaList(ZServiceCode, REPORT_TYPES.length),
  start_date: formDate,
  end_date: formDate,
  status: commaList(z.enum(["open", "closed"], { message: "Invalid" }), 2),
});

const ZUpdatesQuery = z.object({
  start_date: formDate,
  end_date: formDate,
  api_key: text(200).optional(),
  jurisdiction_id: text(100).optional(),
});

/** A value sent once or several times; attributes and media_url may be lists. */
const ZFormValue = z.union([text(4000), z.array(text(4000)).max(20, { message: "Invalid" })]);
const ZMediaUrl = z.url({ protocol: /^https?$/, message: "Invalid" }).max(2000, { message: "Invalid" });
const ATTRIBUTE = /^attribute\[([A-Za-z0-9_]{1,40})\](\[\])?$/;

/**
 * POST /requests' form: GeoReport v2's fields, `attribute[code]` (repeated for a multivaluelist, as
 * FixMyStreet sends it) or `attribute[code][]`, and media_url once or several times. Other fields a
 * client adds (FixMyStreet's `deviceid`, `jurisdiction_id`) are ignored.
 */
const ZRequestBody = z
  .object({
    api_key: text(200).optional(),
    service_code: ZServiceCode,
    lat: formNumber(-90, 90),
    long: formNumber(-180, 180),
    address_string: text(200).optional(),
    address_id: text(100).optional(),
    email: z.preprocess(
      (value) => (value === "" ? undefined : value),
      z.email({ message: "Invalid" }).max(254).optional(),
    ),
    device_id: text(200).optional(),
    account_id: text(200).optional(),
    first_name: text(100).optional(),
    last_name: text(100).optional(),
    phone: text(40).optional(),
    description: text(4000).optional(),
    media_url: z.union([ZMediaUrl, z.array(ZMediaUrl).max(6, { message: "Invalid" })]).optional(),
  })
  .catchall(ZFormValue)
  .superRefine((body, ctx) => {
    if ((body.lat === undefined) !== (body.long === undefined)) {
      ctx.addIssue({ code: "custom", path: [body.lat === undefined ? "lat" : "long"], message: "Required" });
    }
  });
type RequestBody = z.output<typeof ZRequestBody>;

/** The `attribute[code]` and `attribute[code][]` fields by code, each a list of values. */
function attributesOf(body: Record<string, unknown>): Record<string, string[]> {
  const attributes: Record<string, string[]> = {};
  for (const [name, value] of Object.entries(body)) {
    const code = ATTRIBUTE.exec(name)?.[1];
    if (!code) continue;
    attributes[code] = [...(attributes[code] ?? []), ...[value as string | string[]].flat()];
  }
  return attributes;
}

const FORMATS = [
  { extension: "xml", format: OPEN311_XML },
  { extension: "json", format: OPEN311_JSON },
] as const;

/**
 * The route in both formats: `<path>.xml` and `<path>.json` (a `:param` last takes the suffix:
 * `services/:service_code.xml`), answering one model.
 */
function bothFormats<P, Q, B>(
  path: string,
  definition: Omit<Route<P, Q, B>, "path" | "format" | "handler"> & {
    handler: Route<P, Q, B>["handler"];
  },
): AnyRoute[] {
  return FORMATS.map(({ extension, format }) =>
    route<P, Q, B>({ ...definition, path: `${OPEN311_BASE}${path}.${extension}`, format: format as AnswerFormat }),
  );
}

const list = (root: string, item: string, entries: Open311Record[]): Open311Answer => ({ root, item, list: entries });

type LocaleQuery = z.output<typeof ZLocaleQuery>;

/**
 * A public read on the read budget, answered in the asked language: `locale`, else Accept-Language.
 * Its query is `ZLocaleQuery` unless it names one that extends it.
 */
function localizedRead<P, Q extends LocaleQuery = LocaleQuery>(
  path: string,
  definition: {
    params?: z.ZodType<P>;
    query?: z.ZodType<Q>;
    summary: string;
    example: Route["example"];
    answer: (input: { params: P; query: Q }, language: Open311Language) => Promise<Open311Answer>;
  },
): AnyRoute[] {
  const { answer, query, ...rest } = definition;
  return bothFormats<P, Q, undefined>(path, {
    ...rest,
    method: "GET",
    access: "public",
    // The default is the locale query itself; a route naming its own query's type extends it.
    query: query ?? (ZLocaleQuery as z.ZodType<Q>),
    throttle: READ_THROTTLE,
    handler: ({ params, query, req }) =>
      answer({ params, query }, open311Language(query.locale, req.header("accept-language"))),
  });
}

export const open311Routes: AnyRoute[] = [
  ...bothFormats("/discovery", {
    method: "GET",
    access: "public",
    throttle: READ_THROTTLE,
    summary: "Open311 service discovery: where GeoReport v2 is served and in which formats",
    example: {},
    handler: ({ req }): Open311Answer => {
      const origin = `${req.protocol}://${req.header("x-forwarded-host") ?? req.header("host")}`;
      return {
        root: "discovery",
        object: {
          changeset: "2026-11-28T00:00:00-06:00",
          contact: "City of Elgin, 311 service requests",
          key_service: `${origin}/admin/open311-keys (API keys are issued by the city's portal administrators)`,
          endpoints: [
            {
              specification: "http://wiki.open311.org/GeoReport_v2",
              url: `${origin}${OPEN311_BASE}`,
              changeset: "2026-11-28T00:00:00-06:00",
              type: "production",
              formats: ["text/xml", "application/json"],
            },
          ],
        },
      };
    },
  }),
  ...localizedRead("/services", {
    summary: "Open311 services: one per report type the catalogue offers, in English or Spanish",
    example: { query: { locale: "es" } },
    answer: async (_, language) => list("services", "service", await open311Services(language)),
  }),
  ...localizedRead("/services/:service_code", {
    params: z.object({ service_code: ZServiceCode }),
    summary: "Open311 service definition: the report type's questions as attributes",
    example: { params: { service_code: "missedCollection" } },
    answer: async ({ params }, language) => ({
      root: "service_definition",
      object: await open311ServiceDefinition(params.service_code, language),
    }),
  }),
  ...bothFormats("/requests", {
    method: "POST",
    access: "public",
    bodyKind: "form",
    body: ZRequestBody,
    throttle: POST_THROTTLE,
    summary: "Open311 request: files a report through the web form's pipeline (api_key required)",
    example: {
      body: {
        api_key: OPEN311_SEEDED_DEMO_KEY,
        service_code: "pothole",
        lat: "42.0372",
        long: "-88.2812",
        description: "Access matrix: a pothole filed through Open311 (one case, however often it is sent).",
      },
    },
    handler: async ({ body }: { body: RequestBody }) => {
      const app = await appOfKey(body.api_key);
      const input: Open311RequestInput = {
        service_code: body.service_code,
        lat: body.lat,
        long: body.long,
        address_string: body.address_string,
        address_id: body.address_id,
        email: body.email,
        device_id: body.device_id,
        account_id: body.account_id,
        first_name: body.first_name,
        last_name: body.last_name,
        phone: body.phone,
        description: body.description,
        media_url: body.media_url,
        attributes: attributesOf(body),
      };
      const answer = await fileOpen311Request(
        app,
        input,
        // Taken once the request is valid and new: the app's own hourly limit, set by an admin.
        () =>
          takeThrottleSlot(
            { name: "open311-key", key: "client", limit: app.limitPerHour, windowSeconds: 3600 },
            `key:${app.keyId}`,
          ).then(() => undefined),
      );
      return list("service_requests", "request", [answer]);
    },
  }),
  ...localizedRead("/requests", {
    query: ZRequestsQuery,
    summary: "Open311 requests: report cases by id, or by service, dates (90 days at most) and status; 1,000 at most",
    example: { query: { service_code: "pothole,graffiti", status: "open" } },
    answer: async ({ query }, language) => list("service_requests", "request", await open311Requests(query, language)),
  }),
  ...localizedRead("/requests/:id", {
    params: z.object({ id: ZCaseNumber }),
    summary: "Open311 request: one report case by its number, without the reporter's personal data",
    example: { params: { id: "00010251" } },
    answer: async ({ params }, language) =>
      list("service_requests", "request", [await open311Request(params.id, language)]),
  }),
  ...bothFormats("/tokens/:token", {
    method: "GET",
    access: "public",
    params: z.object({ token: z.uuid({ message: "Invalid" }) }),
    throttle: TOKEN_THROTTLE,
    example: { params: { token: "00000000-0000-4000-8000-000000000000" } },
    summary: "Open311 token: the service_request_id of a request filed while the case system was down",
    handler: async ({ params }) => list("service_requests", "request", [await open311Token(params.token)]),
  }),
  ...bothFormats("/servicerequestupdates", {
    method: "GET",
    access: "public",
    query: ZUpdatesQuery,
    throttle: READ_THROTTLE,
    summary: "Open311 updates (mySociety's extension): report cases changed between two times, extended status",
    example: {},
    handler: async ({ query }) =>
      list("service_request_updates", "request_update", await open311Updates(query.start_date, query.end_date)),
  }),
];
