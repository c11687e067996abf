import { z } from "zod";
import { crmConnector } from "../../connectors/crm/connection";
import { soql } from "../../connectors/crm/soql";
import { storageBucket } from "../../connectors/storage/connection";
import { withStorage } from "../../connectors/storage/errors";
import { REPORT_TYPE_DEFINITIONS, type ReportData, type ReportResult } from "../../contract/reports";
import { getActivity } from "../../data/activities";
import { isAlreadyExists, newBatch } from "../../data/collection";
import { createOutboxEntryIn, readOutboxEntry } from "../../data/outbox";
import { type ActivityCreated, addActivityCreated } from "../../data/user-events";
import { ApiError } from "../../platform/http/api-error";
import { tellCaseNumber } from "../case-updates/case-updates.service";
import { markActivitiesChanged } from "../cases/activities.service";
import { describeObjectFields } from "../cases/activity-fields.service";
import { deliverDue, deliverOutboxEntry, heldClaim, type OutboxKind } from "../outbox/outbox-runner";

const KIND = "report";
export const MAX_REPORT_ATTEMPTS = 10;
const DESCRIPTION_LIMIT = 32_000;

export const reportOutboxId = (reportId: string) => `report-${reportId}`;

/** The app that filed a report through Open311 (issue 30), by its API key. */
export interface FilingApp {
  keyId: string;
  name: string;
}

/**
 * A report on its way to the CRM: the resident's answers and where its photos are stored. `uid` is
 * null for a report an app filed through Open311 for someone without a verified portal account.
 */
export interface PendingReport {
  reportId: string;
  uid: string | null;
  contactId: string | null;
  report: ReportData;
  photos: string[];
  /** Open311: the app that filed it, the media URLs it sent, and who reported it (for staff only). */
  app?: FilingApp | null;
  mediaUrls?: string[];
  reporter?: string | null;
  /** The GIS was down when it came: only the city's bounds were checked, not the address (staff see it). */
  placeUnchecked?: boolean;
  /**
   * Filed by city staff for the person (the console, issue 31): the staff member's email. The case
   * says so, and the person is told the case number by their channel (they did not see the answer).
   */
  assistedBy?: string | null;
}

/** The lines of a case description that are for staff, not the resident (see caseDescription). */
const PHOTOS_LINE = "Photos: ";
const REPORT_ID_LINE = "Portal report ";
const ADDRESS_LINE = "Address: ";
export const MEDIA_LINE = "Media: ";
const APP_LINE = "Filed through Open311 by ";
export const REPORTER_LINE = "Reporter: ";
const UNCHECKED_LINE = "Address not checked: ";
const ASSET_LINE = "Asset: ";
const ASSISTED_LINE = "Assisted by: ";

/** The case description: the resident's text, then each category answer and the photos, one a line. */
export function caseDescription(pending: PendingReport): string {
  const { report } = pending;
  const lines = [report.description];
  if (report.extraDescription) lines.push(report.extraDescription);
  for (const [field, value] of Object.entries(report.details)) lines.push(`${field}: ${value}`);
  if (report.rating) lines.push(`Rating: ${report.rating} of 5`);
  if (report.address) lines.push(`${ADDRESS_LINE}${report.address.address}`);
  if (report.assetId) lines.push(`${ASSET_LINE}${report.assetId}`);
  if (pending.placeUnchecked) lines.push(`${UNCHECKED_LINE}the city's map service was unavailable when it was filed`);
  if (pending.photos.length > 0) lines.push(`${PHOTOS_LINE}${pending.photos.length}, attached to this case as files`);
  if (pending.mediaUrls?.length) lines.push(`${MEDIA_LINE}${pending.mediaUrls.join(" ")}`);
  if (pending.app) lines.push(`${APP_LINE}${pending.app.name}`);
  if (pending.reporter) lines.push(`${REPORTER_LINE}${pending.reporter}`);
  if (pending.assistedBy) lines.push(`${ASSISTED_LINE}${pending.assistedBy} (city staff)`);
  lines.push(`${REPORT_ID_LINE}${pending.reportId}`);
  return lines.join("\n").slice(0, DESCRIPTION_LIMIT);
}

/**
 * A case description as the resident should read it: without the lines the portal adds for staff
 * (where the photos are stored, the portal's report id; the address is shown on its own).
 */
const STAFF_LINES = [
  PHOTOS_LINE,
  REPORT_ID_LINE,
  ADDRESS_LINE,
  ASSET_LINE,
  MEDIA_LINE,
  APP_LINE,
  REPORTER_LINE,
  UNCHECKED_LINE,
  ASSISTED_LINE,
];

export function residentDescription(description: string): string {
  return description
    .split("\n")
    .filter((line) => !STAFF_LINES.some((prefix) => line.startsWith(prefix)))
    .join("\n")
    .trim();
}

/** A photo's file name on the case: its position and the stored photo's extension. */
const photoFileName = (index: number, stored?: string) =>
  `report-photo-${index + 1}.${stored?.split(".").pop() ?? "jpg"}`;

/**
 * The report's photos as files of its case, the way the CRM keeps files (issue 33): one
 * ContentVersion each, published to the case (FirstPublishLocationId), so a clerk opens them from
 * the case's Files. Photos already attached (by an attempt whose answer was lost) are not added again.
 */
async function attachPhotos(crmId: string, photos: string[]): Promise<void> {
  if (photos.length === 0) return;
  const crm = crmConnector();
  const attached = new Set(
    (
      await crm.query<{ PathOnClient: string }>(
        soql`SELECT PathOnClient FROM ContentVersion WHERE FirstPublishLocationId = ${crmId} LIMIT 200`,
      )
    ).map((row) => row.PathOnClient),
  );
  const bucket = await storageBucket();
  for (const [index, name] of photos.entries()) {
    const fileName = photoFileName(index, name);
    if (attached.has(fileName)) continue;
    const [bytes] = await withStorage(() => bucket.file(name).download());
    await crm.create("ContentVersion", {
      Title: `Report photo ${index + 1}`,
      PathOnClient: fileName,
      VersionData: bytes.toString("base64"),
      FirstPublishLocationId: crmId,
    });
  }
}

/** The case's fields (the type's CRM mapping); only those the Case object has are sent. */
async function caseFields(pending: PendingReport): Promise<Record<string, unknown>> {
  const { report } = pending;
  const { crm } = REPORT_TYPE_DEFINITIONS[report.type];
  const subject = report.address ? `${crm.serviceRequestType}: ${report.address.address}` : crm.serviceRequestType;
  const wanted: Record<string, unknown> = {
    ContactId: pending.contactId,
    Subject: subject.slice(0, 255),
    Description: caseDescription(pending),
    Type: crm.serviceRequestType,
    Origin: "Portal",
    Status: "New",
    Report_Record_Type__c: crm.recordType,
    Service_Request_Type__c: crm.serviceRequestType,
    Portal_Report_Id__c: pending.reportId,
    Report_Address__c: report.address?.address ?? null,
    // The exact streetlight, hydrant or sign (issue 33): the city's asset id, as its GIS tags it.
    Asset_Id__c: report.assetId ?? null,
    Location__Latitude__s: report.address?.location.lat ?? null,
    Location__Longitude__s: report.address?.location.lng ?? null,
    Report_Category__c: Object.values(report.details).join(";") || null,
    Rating__c: report.rating ?? null,
    Report_Photos__c: pending.photos.join(";") || null,
  };
  // The CRM refuses unknown columns; describe is cached.
  const known = new Set((await describeObjectFields("Case")).map((field) => field.name));
  return Object.fromEntries(Object.entries(wanted).filter(([name, value]) => known.has(name) && value !== null));
}

/** A report's outbox entry: the report, and the case once filed. */
const ZReportEntry = z.object({
  reportId: z.string(),
  uid: z
    .string()
    .nullish()
    .transform((value) => value ?? null),
  contactId: z.string().nullable().catch(null),
  // Validated (ZReportData) when the resident sent it; not again, so a later change of the
  // report options never strands a waiting report.
  report: z.custom<ReportData>((value) => typeof value === "object" && value !== null),
  photos: z.array(z.string()).catch([]),
  app: z.object({ keyId: z.string(), name: z.string() }).nullish().catch(null),
  mediaUrls: z.array(z.string()).catch([]),
  reporter: z.string().nullish().catch(null),
  placeUnchecked: z.boolean().catch(false),
  assistedBy: z.string().nullish().catch(null),
  crmId: z.string().nullish(),
  caseNumber: z.string().nullish(),
});
type ReportEntry = z.output<typeof ZReportEntry>;

type CaseRef = { crmId: string; caseNumber: string };

/**
 * The report's way to the CRM (outbox-runner.ts retries it): a case filed with the report's id,
 * so a retry first finds the case a lost answer hid. Filed in the background, the resident gets a
 * message with the case number (they were told "received").
 */
export const reportOutbox: OutboxKind<ReportEntry> = {
  kind: KIND,
  schema: ZReportEntry,
  maxAttempts: MAX_REPORT_ATTEMPTS,
  // The lookup runs on retries only, never in the resident's request: jsforce's query leaves a
  // stray rejection when the CRM is unreachable, which the functions runtime answers with a bare 500.
  alreadyDelivered: async (entry): Promise<CaseRef | null> => {
    const existing = await crmConnector().query<{ Id: string; CaseNumber: string }>(
      soql`SELECT Id, CaseNumber FROM Case WHERE Portal_Report_Id__c = ${entry.reportId} LIMIT 1`,
    );
    const found = existing[0];
    if (!found) return null;
    // The case was filed; its photos may not all have been attached before the answer was lost.
    await attachPhotos(found.Id, entry.photos);
    return { crmId: found.Id, caseNumber: found.CaseNumber };
  },
  deliver: async (entry): Promise<CaseRef> => {
    const crm = crmConnector();
    const crmId = await crm.create("Case", await caseFields(entry));
    const created = await crm.retrieve<{ Id: string; CaseNumber: string }>("Case", crmId);
    await attachPhotos(crmId, entry.photos);
    return { crmId, caseNumber: String(created.CaseNumber) };
  },
  afterDelivery: async (entry, { background }) => {
    // A report an app filed for someone without a portal account has nobody to tell.
    const { uid } = entry;
    if (!uid) return;
    await markActivitiesChanged(uid);
    if (background && entry.crmId && entry.caseNumber) {
      await tellCaseNumber(uid, entry.reportId, entry.crmId, entry.caseNumber);
    }
  },
};

const resultOf = (entry: { status: string; reportId?: unknown; caseNumber?: unknown }): ReportResult =>
  entry.status === "sent" && entry.caseNumber
    ? { id: String(entry.reportId), status: "filed", caseNumber: String(entry.caseNumber) }
    : { id: String(entry.reportId), status: "received" };

/**
 * The stored state of a report id: none, or its result when it is the caller's (409 otherwise): the
 * resident's, or for a report filed through Open311, the same app key's.
 */
export async function existingReport(
  reportId: string,
  owner: string | { appKeyId: string },
): Promise<ReportResult | null> {
  const entry = await readOutboxEntry(reportOutboxId(reportId));
  if (!entry) return null;
  const stored = entry as typeof entry & { reportId?: unknown; caseNumber?: unknown; app?: { keyId?: unknown } };
  const mine = typeof owner === "string" ? entry.uid === owner : stored.app?.keyId === owner.appKeyId;
  if (entry.kind !== KIND || !mine) throw new ApiError("conflict", "This report id is taken.");
  return resultOf(stored);
}

/**
 * The state of a report an app filed through Open311, or null (no such report, or not an app's): its
 * id is the token the app was given while the CRM was down; an unguessable UUID is the capability.
 */
export async function appReportState(reportId: string): Promise<ReportResult | null> {
  const entry = await readOutboxEntry(reportOutboxId(reportId));
  const stored = entry as (typeof entry & { reportId?: unknown; caseNumber?: unknown; app?: unknown }) | undefined;
  if (!stored || stored.kind !== KIND || !stored.app) return null;
  return resultOf(stored);
}

/** The admin user view's CreateActivity of a report: its catalogue service, else its report type. */
async function reportActivity(input: PendingReport & { uid: string }): Promise<ActivityCreated> {
  const { report } = input;
  const service = report.activityId ? await getActivity(report.activityId) : null;
  const fromCatalogue = service?.Action === "REPORT";
  return {
    uid: input.uid,
    action: "REPORT",
    activityId: fromCatalogue ? service.Id : null,
    itemName: fromCatalogue ? service.Item : REPORT_TYPE_DEFINITIONS[report.type].crm.serviceRequestType,
    // The key the resident's page named it by (spec 3 §3 activityLanguageKey), when it is a report type's.
    itemKey: fromCatalogue
      ? null
      : report.activityLanguageKey?.startsWith("Report.Types.")
        ? report.activityLanguageKey
        : `Report.Types.${report.type}`,
    reference: reportOutboxId(input.reportId),
    // The admin user view shows these: an app's report names the app that filed it.
    data: {
      reportId: input.reportId,
      type: report.type,
      ...(input.app ? { filedBy: input.app.name } : {}),
      ...(input.assistedBy ? { assistedBy: input.assistedBy } : {}),
    },
  };
}

/**
 * Records the report first (outbox, with the resident's CreateActivity event), then files it. A repeat of the same id answers what the first
 * did and never files twice; a CRM outage answers "received", and the job files it later.
 */
export async function submitReport(input: PendingReport): Promise<ReportResult> {
  const entry = {
    kind: KIND,
    reportId: input.reportId,
    // Not stored when null: the outbox's uid is queried as "this user's data".
    ...(input.uid ? { uid: input.uid } : {}),
    contactId: input.contactId,
    report: input.report,
    photos: input.photos,
    app: input.app ?? null,
    mediaUrls: input.mediaUrls ?? [],
    reporter: input.reporter ?? null,
    placeUnchecked: input.placeUnchecked ?? false,
    assistedBy: input.assistedBy ?? null,
    lastError: null,
  };
  // Written claimed by this request, which files it next: a job run in between leaves it alone.
  const held = heldClaim();
  const batch = newBatch();
  createOutboxEntryIn(batch, reportOutboxId(input.reportId), entry, held);
  if (input.uid) addActivityCreated(batch, await reportActivity({ ...input, uid: input.uid }));
  try {
    await batch.commit();
  } catch (error) {
    // ALREADY_EXISTS: the same report sent twice at once; the first one decides.
    if (!isAlreadyExists(error)) throw error;
    const owner = input.app ? { appKeyId: input.app.keyId } : (input.uid ?? "");
    return (await existingReport(input.reportId, owner)) ?? { id: input.reportId, status: "received" };
  }
  // A report staff filed for the person: nobody is looking at this answer for them, so afterDelivery
  // tells them the case number by their channel, as it does for a report filed later by the job.
  const outcome = await deliverOutboxEntry(reportOutbox, reportOutboxId(input.reportId), {
    background: Boolean(input.assistedBy),
    held,
  });
  if (outcome.status === "sent" && outcome.entry.caseNumber) {
    return { id: input.reportId, status: "filed", caseNumber: outcome.entry.caseNumber };
  }
  // A failed attempt left it pending; the message with the number follows when the job files it.
  return { id: input.reportId, status: "received" };
}

/** The retry job's part for reports: every due report, and any whose delivery was claimed and never finished. */
export async function deliverPendingReports() {
  return deliverDue(reportOutbox);
}
