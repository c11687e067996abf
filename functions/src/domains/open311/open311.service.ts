import { createHash } from "node:crypto";
import { crmConnector } from "../../connectors/crm/connection";
import { soql } from "../../connectors/crm/soql";
import { gisConnector } from "../../connectors/gis/connection";
import { cityDateTime } from "../../contract/city-time";
import type { LatLng } from "../../contract/maps";
import {
  assetKindOf,
  isFieldRequired,
  REPORT_MULTI_FIELDS,
  REPORT_MULTI_SEPARATOR,
  REPORT_OPTIONS,
  REPORT_TYPE_DEFINITIONS,
  REPORT_TYPES,
  REPORT_TYPES_WITH_ASSETS,
  type ReportField,
  type ReportType,
  reportStopperOf,
  reportTypeOf,
  ZReportData,
} from "../../contract/reports";
import { listActivities } from "../../data/activities";
import type { ReportModerationDoc } from "../../data/report-moderation";
import { liveTranslationsOf } from "../../data/translations";
import { readUser } from "../../data/users";
import { adminAuth } from "../../platform/firebase";
import { ApiError, badRequest, notFound } from "../../platform/http/api-error";
import { portalOrigin } from "../../platform/portal-url";
import { checkReportAsset } from "../maps/assets.service";
import { insideCity } from "../maps/place.service";
import {
  isPublicCase,
  photoNamesOf,
  publicModerationOf,
  publicPhotoPaths,
  withoutHiddenNames,
} from "../reports/moderation.service";
import {
  appReportState,
  existingReport,
  type FilingApp,
  MEDIA_LINE,
  residentDescription,
  submitReport,
} from "../reports/reports.service";
import type { Open311Record } from "./open311-format";

/** The attribute that names the exact streetlight, hydrant or sign (issue 33), and the requests' field that answers it. */
export const OPEN311_ASSET_ATTRIBUTE = "asset_id";

/** The languages the services are offered in: English, and Spanish by `Accept-Language` or `locale`. */
export type Open311Language = "en" | "es";

/** `locale` first (`es`, `es-MX`), then the first English or Spanish of `Accept-Language`; English otherwise. */
export function open311Language(locale: string | undefined, acceptLanguage: string | undefined): Open311Language {
  const pick = (tag: string) => {
    const primary = tag.trim().toLowerCase().split(/[-_;]/)[0];
    return primary === "es" || primary === "en" ? primary : null;
  };
  if (locale) return pick(locale) ?? "en";
  const ranked = (acceptLanguage ?? "")
    .split(",")
    .map((part, index) => {
      const [tag = "", ...rest] = part.split(";");
      const q = Number(
        rest
          .find((p) => p.trim().startsWith("q="))
          ?.trim()
          .slice(2) ?? "1",
      );
      return { tag, q: Number.isFinite(q) ? q : 0, index };
    })
    .filter((entry) => entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { tag } of ranked) {
    const language = pick(tag);
    if (language) return language;
  }
  return "en";
}

/** The texts of a language by their full key (`Report.Types.pothole`), as admins edited them. */
function textsOf(language: Open311Language): Promise<Map<string, string>> {
  return liveTranslationsOf(
    language,
    (records) =>
      new Map(
        records.map(({ data }) => [
          data.Group ? `${data.Group}.${data.LanguageKey}` : data.LanguageKey,
          data.SingularForm,
        ]),
      ),
  );
}

/**
 * The report types the catalogue offers (its published REPORT services), each with its service id, in
 * order. A stopped type (issue 33: its notice says to call someone else) is not offered.
 */
async function catalogueReportTypes(): Promise<{ type: ReportType; activityId: string }[]> {
  const services = await listActivities({ publishedOnly: true });
  const seen = new Map<ReportType, string>();
  for (const service of services) {
    if (service.Action !== "REPORT" || service.Deleted) continue;
    const type = reportTypeOf(service.Item);
    if (type && !seen.has(type) && !reportStopperOf(type, service.Id, services)) seen.set(type, service.Id);
  }
  return [...seen].map(([type, activityId]) => ({ type, activityId }));
}

const groupOf = (type: ReportType) => REPORT_TYPE_DEFINITIONS[type].crm.recordType.replaceAll("_", " ");

/** GET /services: one service per report type of the catalogue. */
export async function open311Services(language: Open311Language): Promise<Open311Record[]> {
  const [types, texts] = await Promise.all([catalogueReportTypes(), textsOf(language)]);
  return types.map(({ type }) => {
    const definition = REPORT_TYPE_DEFINITIONS[type];
    return {
      service_code: type,
      service_name: texts.get(`Report.Types.${type}`) ?? definition.crm.serviceRequestType,
      description: texts.get(`Report.Titles.${type}`) ?? null,
      metadata: definition.fields.length > 0 || definition.rating,
      type: "realtime",
      keywords: definition.items.join(", ") || null,
      group: groupOf(type),
    };
  });
}

/** The catalogue's report type of a service code, or 404: the catalogue does not offer it. */
async function offeredType(serviceCode: string): Promise<{ type: ReportType; activityId: string }> {
  const offered = (await catalogueReportTypes()).find((entry) => entry.type === serviceCode);
  if (!offered) throw notFound(`No service ${serviceCode}.`);
  return offered;
}

/** GET /services/{service_code}: the report type's questions as attributes. */
export async function open311ServiceDefinition(serviceCode: string, language: Open311Language): Promise<Open311Record> {
  const { type } = await offeredType(serviceCode);
  const texts = await textsOf(language);
  const definition = REPORT_TYPE_DEFINITIONS[type];
  const attributes: Open311Record[] = definition.fields.map((field, index) => ({
    variable: true,
    code: field,
    datatype: REPORT_MULTI_FIELDS.includes(field) ? "multivaluelist" : "singlevaluelist",
    required: isFieldRequired(field, {}),
    datatype_description: texts.get(`Report.Hints.${field}`) ?? null,
    order: index + 1,
    description: texts.get(`Report.Fields.${field}`) ?? field,
    values: (REPORT_OPTIONS[field] as readonly string[]).map((key) => ({
      key,
      name: texts.get(`Report.Options.${field}.${key}`) ?? key,
    })),
  }));
  if (REPORT_TYPES_WITH_ASSETS.includes(type)) {
    // Issue 33, the exact asset: the tag number of the streetlight, hydrant or sign (the city's GIS asset layer).
    attributes.push({
      variable: true,
      code: OPEN311_ASSET_ATTRIBUTE,
      datatype: "string",
      required: false,
      datatype_description: texts.get("Report.Assets.Open311.Format") ?? "SL-0123",
      order: attributes.length + 1,
      description: texts.get(`Report.Assets.Open311.${type}`) ?? OPEN311_ASSET_ATTRIBUTE,
    });
  }
  if (definition.rating) {
    attributes.push({
      variable: true,
      code: "rating",
      datatype: "number",
      required: true,
      datatype_description: "1-5",
      order: attributes.length + 1,
      description: texts.get("Report.Rating") ?? "Rating",
    });
  }
  return { service_code: type, attributes };
}

// --- POST /requests ---

/** A form value: once, or several times (`media_url=a&media_url=b`). */
export type FormValue = string | string[];

export interface Open311RequestInput {
  service_code: string;
  lat?: number;
  long?: number;
  address_string?: string;
  address_id?: string;
  email?: string;
  device_id?: string;
  account_id?: string;
  first_name?: string;
  last_name?: string;
  phone?: string;
  description?: string;
  media_url?: FormValue;
  /** `attribute[code]` and `attribute[code][]` fields, by code. */
  attributes: Record<string, string[]>;
}

/**
 * Where the report is: lat/long inside the city (its address from the geocoder when none was sent),
 * or an address_string the geocoder finds inside the city. The web form's address step checks the
 * same: its candidates and dropped pins are cut to the city's bounds (maps.routes.ts).
 */
async function checkedLocation(input: Open311RequestInput): Promise<{ address: string; location: LatLng }> {
  const text = input.address_string?.trim();
  if (input.lat !== undefined && input.long !== undefined) {
    const location = { lat: input.lat, lng: input.long };
    if (!insideCity(location)) throw badRequest("lat/long is outside the city.", { lat: "Invalid", long: "Invalid" });
    if (text) return { address: text, location };
    const nearest = await gisConnector().reverseGeocode(location);
    return { address: nearest?.address ?? `${location.lat.toFixed(6)}, ${location.lng.toFixed(6)}`, location };
  }
  if (text) {
    const found = (await gisConnector().geocode(text)).find((candidate) => insideCity(candidate.location));
    if (!found) throw badRequest("address_string was not found in the city.", { address_string: "Invalid" });
    return { address: found.address, location: found.location };
  }
  throw badRequest("A location is required: lat and long, or address_string.", { lat: "Required" });
}

/** The attributes as the report's category answers: one option, or several joined for a multivaluelist. */
function detailsOf(type: ReportType, attributes: Record<string, string[]>): Record<string, string> {
  const details: Record<string, string> = {};
  for (const field of REPORT_TYPE_DEFINITIONS[type].fields as readonly ReportField[]) {
    const values = (attributes[field] ?? []).map((value) => value.trim()).filter(Boolean);
    if (values.length === 0) continue;
    if (values.length > 1 && !REPORT_MULTI_FIELDS.includes(field)) {
      throw badRequest(`attribute[${field}] takes one value.`, { [`attribute[${field}]`]: "Invalid" });
    }
    details[field] = values.join(REPORT_MULTI_SEPARATOR);
  }
  return details;
}

/**
 * The report's id, the same for the same request from the same key: a client that sends a request
 * again after a lost answer gets the first answer, and the city one case (exactly once per request).
 */
function requestReportId(keyId: string, input: Open311RequestInput): string {
  const digest = createHash("sha256")
    .update(JSON.stringify([keyId, input]))
    .digest("hex");
  // A version 4 UUID's layout (ZReportData takes UUIDs), its bits from the digest.
  const variant = ((Number.parseInt(digest.slice(16, 18), 16) & 0x3f) | 0x80).toString(16);
  return `${digest.slice(0, 8)}-${digest.slice(8, 12)}-4${digest.slice(13, 16)}-${variant}${digest.slice(18, 20)}-${digest.slice(20, 32)}`;
}

/** The verified portal account with this email and its CRM contact, so the resident sees the case as hers. */
async function residentWithEmail(email: string | undefined): Promise<{ uid: string; contactId: string } | null> {
  if (!email) return null;
  let account: { uid: string; emailVerified: boolean };
  try {
    account = await adminAuth().getUserByEmail(email);
  } catch (error) {
    if ((error as { code?: string })?.code === "auth/user-not-found") return null;
    throw error;
  }
  if (!account.emailVerified) return null;
  const contactId = (await readUser(account.uid))?.SalesforceId;
  return contactId ? { uid: account.uid, contactId } : null;
}

const SERVICE_NOTICE = {
  filed: "Filed with the city. Follow it with GET /requests/{id}.",
  received:
    "Received. The city's case system is busy; GET /tokens/{token} answers the service_request_id once it is filed.",
} as const;

/**
 * POST /requests: the report goes through the web form's pipeline (reports.service.ts: outbox first,
 * CRM case, exactly once per report id). Filed: its case number is the service_request_id. The CRM
 * down: a token (the report id) that GET /tokens/{token} turns into the id once the job files it.
 */
export async function fileOpen311Request(
  app: FilingApp,
  input: Open311RequestInput,
  takeKeySlot: () => Promise<void>,
): Promise<Open311Record> {
  const { type, activityId } = await offeredType(input.service_code);
  const reportId = requestReportId(app.keyId, input);
  const earlier = await existingReport(reportId, { appKeyId: app.keyId });
  const result =
    earlier ??
    (await (async () => {
      const definition = REPORT_TYPE_DEFINITIONS[type];
      const place = definition.address ? await checkedLocation(input) : null;
      const rating = input.attributes.rating?.[0];
      const assetId = input.attributes[OPEN311_ASSET_ATTRIBUTE]?.[0]?.trim();
      const candidate = {
        id: reportId,
        type,
        activityId,
        address: place,
        details: detailsOf(type, input.attributes),
        assetId: assetId || null,
        description: input.description?.trim() || definition.crm.serviceRequestType,
        rating: rating === undefined ? null : Number(rating),
      };
      const parsed = ZReportData.safeParse(candidate);
      if (!parsed.success) {
        const fields = Object.fromEntries(
          parsed.error.issues.map((issue) => {
            const [part, name] = issue.path.map(String);
            const field =
              part === "details" || part === "rating"
                ? `attribute[${name ?? part}]`
                : part === "assetId"
                  ? `attribute[${OPEN311_ASSET_ATTRIBUTE}]`
                  : (part ?? "body");
            return [field, issue.message];
          }),
        );
        throw badRequest("The request is not valid for this service.", fields);
      }
      // The named asset must be one the city's map knows near the place, as for the web form.
      const kind = assetKindOf(type, parsed.data.details);
      const asset =
        parsed.data.assetId && kind && parsed.data.address
          ? await checkReportAsset(kind, parsed.data.assetId, parsed.data.address.location).catch((error: unknown) => {
              if (error instanceof ApiError && error.status === 400) {
                throw badRequest(`${OPEN311_ASSET_ATTRIBUTE} is not a ${kind} the city's map knows near this place.`, {
                  [`attribute[${OPEN311_ASSET_ATTRIBUTE}]`]: "Invalid",
                });
              }
              throw error;
            })
          : null;
      const resident = await residentWithEmail(input.email);
      const mediaUrls = input.media_url === undefined ? [] : [input.media_url].flat();
      await takeKeySlot();
      const name = [input.first_name, input.last_name].filter(Boolean).join(" ");
      const reporter = [name, input.email && `<${input.email}>`, input.phone].filter(Boolean).join(" ") || null;
      return submitReport({
        reportId,
        uid: resident?.uid ?? null,
        contactId: resident?.contactId ?? null,
        report: parsed.data,
        photos: [],
        app,
        mediaUrls,
        reporter,
        placeUnchecked: asset === "unchecked",
      });
    })());
  if (result.status === "filed") {
    return { service_request_id: result.caseNumber, service_notice: SERVICE_NOTICE.filed };
  }
  return { token: result.id, service_notice: SERVICE_NOTICE.received };
}

// --- GET /requests, /requests/{id}, /tokens/{token}, /servicerequestupdates ---

type CaseRow = {
  Id: string;
  CaseNumber: string;
  Status: string | null;
  IsClosed: boolean | null;
  Service_Request_Type__c: string | null;
  Description: string | null;
  Status_Notes__c: string | null;
  Expected_Resolution_Date__c: string | null;
  CreatedDate: string;
  LastModifiedDate: string | null;
  Report_Address__c: string | null;
  Location__Latitude__s: number | null;
  Location__Longitude__s: number | null;
  Asset_Id__c?: string | null;
  Report_Photos__c?: string | null;
};

const TYPE_BY_REQUEST_TYPE = new Map(
  REPORT_TYPES.map((type) => [REPORT_TYPE_DEFINITIONS[type].crm.serviceRequestType, type]),
);
const REQUEST_TYPES = [...TYPE_BY_REQUEST_TYPE.keys()];

/** The case's media URLs (the line the portal adds for staff: `Media: url url`). */
const mediaOf = (description: string | null) =>
  (description ?? "")
    .split("\n")
    .find((line) => line.startsWith(MEDIA_LINE))
    ?.slice(MEDIA_LINE.length)
    .split(" ")
    .filter(Boolean) ?? [];

const zipcodeOf = (address: string | null) => address?.match(/\b(\d{5})(?:-\d{4})?\s*$/)?.[1] ?? null;

/**
 * The request's media_url: the URL an app sent with it, else the portal's first photo of it at its
 * public address (issue 31: the blurred copy once staff redacted it).
 */
function mediaUrlOf(row: CaseRow, moderation: ReportModerationDoc | undefined): string | null {
  const sent = mediaOf(row.Description)[0];
  if (sent) return sent;
  const [photo] = publicPhotoPaths(row.Id, photoNamesOf(row.Report_Photos__c).length, moderation);
  return photo ? `${portalOrigin()}${photo}` : null;
}

/**
 * A case as GeoReport v2's request: what the report says and where, never who reported it (the
 * description loses the lines for staff: the reporter, the portal's ids and storage names; and,
 * once staff hid the reporter's name, the name wherever the resident wrote it).
 */
function requestOf(
  row: CaseRow,
  serviceName: (type: ReportType) => string,
  moderation: ReportModerationDoc | undefined,
): Open311Record {
  const type = TYPE_BY_REQUEST_TYPE.get(row.Service_Request_Type__c ?? "") as ReportType;
  const description = withoutHiddenNames(residentDescription(row.Description ?? ""), moderation).slice(0, 4000);
  return {
    service_request_id: String(row.CaseNumber),
    status: row.IsClosed ? "closed" : "open",
    status_notes: row.Status_Notes__c === null ? null : withoutHiddenNames(row.Status_Notes__c, moderation),
    service_name: serviceName(type),
    service_code: type,
    description: description || null,
    agency_responsible: groupOf(type),
    service_notice: null,
    requested_datetime: cityDateTime(row.CreatedDate) as string,
    updated_datetime: cityDateTime(row.LastModifiedDate),
    expected_datetime: cityDateTime(row.Expected_Resolution_Date__c),
    address: row.Report_Address__c ?? null,
    address_id: null,
    zipcode: zipcodeOf(row.Report_Address__c),
    lat: row.Location__Latitude__s === null ? null : Number(row.Location__Latitude__s),
    long: row.Location__Longitude__s === null ? null : Number(row.Location__Longitude__s),
    media_url: mediaUrlOf(row, moderation),
    // Issue 33: the exact streetlight, hydrant or sign, for the types that name one (an extension of GeoReport v2).
    ...(REPORT_TYPES_WITH_ASSETS.includes(type) ? { [OPEN311_ASSET_ATTRIBUTE]: row.Asset_Id__c ?? null } : {}),
  };
}

async function serviceNames(language: Open311Language) {
  const texts = await textsOf(language);
  return (type: ReportType) =>
    texts.get(`Report.Types.${type}`) ?? REPORT_TYPE_DEFINITIONS[type].crm.serviceRequestType;
}

/** The longest span GET /requests and /servicerequestupdates cover, and the most requests one answer lists. */
export const OPEN311_WINDOW_DAYS = 90;
export const OPEN311_MAX_REQUESTS = 1000;
const DAY_MS = 86_400_000;

export interface RequestsQuery {
  service_request_id?: string[];
  service_code?: ReportType[];
  start_date?: Date;
  end_date?: Date;
  status?: ("open" | "closed")[];
}

/** start_date and end_date, at most 90 days apart; by default the 90 days up to now. */
export function requestsWindow(start?: Date, end?: Date, now = new Date()): { start: Date; end: Date } {
  const to = end ?? (start ? new Date(Math.min(now.getTime(), start.getTime() + OPEN311_WINDOW_DAYS * DAY_MS)) : now);
  const from = start ?? new Date(to.getTime() - OPEN311_WINDOW_DAYS * DAY_MS);
  if (from > to) throw badRequest("start_date is after end_date.", { start_date: "Invalid" });
  if (to.getTime() - from.getTime() > OPEN311_WINDOW_DAYS * DAY_MS) {
    throw badRequest(`start_date and end_date may be at most ${OPEN311_WINDOW_DAYS} days apart.`, {
      end_date: "Invalid",
    });
  }
  return { start: from, end: to };
}

/** GET /requests: report cases by id, or by service, time (90 days at most) and status; newest first, 1,000 at most. */
export async function open311Requests(query: RequestsQuery, language: Open311Language): Promise<Open311Record[]> {
  const names = await serviceNames(language);
  const types = query.service_code?.length
    ? query.service_code.map((type) => REPORT_TYPE_DEFINITIONS[type].crm.serviceRequestType)
    : REQUEST_TYPES;
  let rows: CaseRow[];
  if (query.service_request_id?.length) {
    // By id the standard ignores the other filters.
    rows = await crmConnector().query<CaseRow>(
      soql`SELECT Id, CaseNumber, Status, IsClosed, Service_Request_Type__c, Description, Status_Notes__c, Expected_Resolution_Date__c, CreatedDate, LastModifiedDate, Report_Address__c, Location__Latitude__s, Location__Longitude__s, Report_Photos__c, Asset_Id__c FROM Case WHERE CaseNumber IN ${query.service_request_id} AND Service_Request_Type__c IN ${REQUEST_TYPES} ORDER BY CreatedDate DESC LIMIT ${OPEN311_MAX_REQUESTS}`,
    );
  } else {
    const { start, end } = requestsWindow(query.start_date, query.end_date);
    const statuses = new Set(query.status ?? []);
    const closed = statuses.size === 1 ? statuses.has("closed") : null;
    rows =
      closed === null
        ? await crmConnector().query<CaseRow>(
            soql`SELECT Id, CaseNumber, Status, IsClosed, Service_Request_Type__c, Description, Status_Notes__c, Expected_Resolution_Date__c, CreatedDate, LastModifiedDate, Report_Address__c, Location__Latitude__s, Location__Longitude__s, Report_Photos__c, Asset_Id__c FROM Case WHERE Service_Request_Type__c IN ${types} AND CreatedDate >= ${start} AND CreatedDate <= ${end} ORDER BY CreatedDate DESC LIMIT ${OPEN311_MAX_REQUESTS}`,
          )
        : await crmConnector().query<CaseRow>(
            soql`SELECT Id, CaseNumber, Status, IsClosed, Service_Request_Type__c, Description, Status_Notes__c, Expected_Resolution_Date__c, CreatedDate, LastModifiedDate, Report_Address__c, Location__Latitude__s, Location__Longitude__s, Report_Photos__c, Asset_Id__c FROM Case WHERE Service_Request_Type__c IN ${types} AND CreatedDate >= ${start} AND CreatedDate <= ${end} AND IsClosed = ${closed} ORDER BY CreatedDate DESC LIMIT ${OPEN311_MAX_REQUESTS}`,
          );
  }
  return publicRequests(rows, (row, moderation) => requestOf(row, names, moderation));
}

/** The cases the public may see (issue 31: a private report is left out), each with its moderation. */
async function publicRequests(
  rows: CaseRow[],
  shape: (row: CaseRow, moderation: ReportModerationDoc | undefined) => Open311Record,
): Promise<Open311Record[]> {
  const moderation = await publicModerationOf(rows.map((row) => row.Id));
  return rows.filter((row) => isPublicCase(moderation.get(row.Id))).map((row) => shape(row, moderation.get(row.Id)));
}

/** GET /requests/{id}: one report case by its number, or 404. */
export async function open311Request(id: string, language: Open311Language): Promise<Open311Record> {
  const found = await open311Requests({ service_request_id: [id] }, language);
  const request = found[0];
  if (!request) throw notFound(`No request ${id}.`);
  return request;
}

/** GET /tokens/{token}: the token, and the service_request_id once the report is filed; 404 for an unknown token. */
export async function open311Token(token: string): Promise<Open311Record> {
  const state = await appReportState(token);
  if (!state) throw notFound(`No token ${token}.`);
  return state.status === "filed" ? { token, service_request_id: state.caseNumber } : { token };
}

/**
 * mySociety's extended statuses (open311-adapter's `status_extended`, as FixMyStreet reads them)
 * for the CRM's case statuses; a status not listed is `open` or `closed` as the case is.
 */
const EXTENDED_STATUS: Record<string, string> = {
  New: "open",
  Open: "open",
  Submitted: "open",
  "Under Review": "investigating",
  "In Progress": "in_progress",
  Working: "in_progress",
  Scheduled: "action_scheduled",
  Complete: "fixed",
  Completed: "fixed",
  Fixed: "fixed",
  Closed: "closed",
  Cancelled: "cancelled",
  Rejected: "not_councils_responsibility",
  Duplicate: "duplicate",
  "No Further Action": "no_further_action",
  "Action Required": "for_triage",
  "On Hold": "planned",
};

/** GET /servicerequestupdates (mySociety's extension): each report case changed in the window, with its status. */
export async function open311Updates(start?: Date, end?: Date): Promise<Open311Record[]> {
  const window = requestsWindow(start, end);
  const rows = await crmConnector().query<CaseRow>(
    soql`SELECT Id, CaseNumber, Status, IsClosed, Service_Request_Type__c, Description, Status_Notes__c, Expected_Resolution_Date__c, CreatedDate, LastModifiedDate, Report_Address__c, Location__Latitude__s, Location__Longitude__s, Report_Photos__c, Asset_Id__c FROM Case WHERE Service_Request_Type__c IN ${REQUEST_TYPES} AND LastModifiedDate >= ${window.start} AND LastModifiedDate <= ${window.end} ORDER BY LastModifiedDate ASC LIMIT ${OPEN311_MAX_REQUESTS}`,
  );
  return publicRequests(rows, (row, moderation) => {
    const updated = row.LastModifiedDate ?? row.CreatedDate;
    return {
      // One update per change of the case: its number and when it changed.
      update_id: `${row.CaseNumber}-${new Date(updated).getTime()}`,
      service_request_id: String(row.CaseNumber),
      status: EXTENDED_STATUS[row.Status ?? ""] ?? (row.IsClosed ? "closed" : "open"),
      description: withoutHiddenNames(row.Status_Notes__c ?? "", moderation),
      updated_datetime: cityDateTime(updated) as string,
      media_url: "",
    };
  });
}
