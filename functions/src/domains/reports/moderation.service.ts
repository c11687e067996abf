import type { Response } from "express";
import { crmConnector } from "../../connectors/crm/connection";
import { soql } from "../../connectors/crm/soql";
import { storageBucket } from "../../connectors/storage/connection";
import { withStorage } from "../../connectors/storage/errors";
import {
  type ModeratedReport,
  type ModerationChange,
  publicPhotoPath,
  type ReportModerationState,
} from "../../contract/report-moderation";
import { REPORT_TYPE_DEFINITIONS, REPORT_TYPES } from "../../contract/reports";
import { instant, text } from "../../data/fields";
import {
  changeReportModeration,
  moderationState,
  type ReportModerationDoc,
  readReportModeration,
  reportModerationOf,
} from "../../data/report-moderation";
import { usersOfContacts } from "../../data/users";
import { PromiseCache } from "../../platform/cache";
import { ConnectorError } from "../../platform/connector-error";
import { badRequest, notFound } from "../../platform/http/api-error";
import { blurReportPhoto, redactedPhotoObject, sendReportPhoto } from "./report-photos";
import { REPORTER_LINE, residentDescription } from "./reports.service";

/**
 * Moderation of problem reports (issue 31). Staff (the console) hide the reporter's name, redact a
 * photo or mark a report private; the public answers (nearby reports and "me too" in
 * reports.routes.ts, Open311's requests in open311.service.ts) read the moderation on every answer,
 * after any cache of the CRM's rows, so a change shows at once.
 */

/** The CRM's service request types of the report types: only these cases are reports. */
const REPORT_REQUEST_TYPES = REPORT_TYPES.map((type) => REPORT_TYPE_DEFINITIONS[type].crm.serviceRequestType);

/** The storage names of a case's photos (Report_Photos__c, as the report filed them). */
export function photoNamesOf(value: unknown): string[] {
  return (text(value) ?? "")
    .split(";")
    .map((name) => name.trim())
    .filter((name) => name.startsWith("report-photos/"));
}

// --- What the public sees ---

/** The moderation of these cases, by case id (only moderated ones have an entry). */
export const publicModerationOf = (caseIds: string[]) => reportModerationOf(caseIds);

/** Whether the public may see this case at all. */
export const isPublicCase = (moderation: ReportModerationDoc | null | undefined) => moderation?.private !== true;

/**
 * The public addresses of a case's photos: each original, or its blurred copy once redacted (a new
 * address, so a cached original is never taken for the redacted one).
 */
export function publicPhotoPaths(caseId: string, count: number, moderation?: ReportModerationDoc | null): string[] {
  const redacted = new Set(moderation?.redactedPhotos ?? []);
  return Array.from({ length: count }, (_, index) => publicPhotoPath(caseId, index, redacted.has(index)));
}

const escapeRegExp = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * A public text without the reporter's hidden name: each word of it, whole and in any case,
 * becomes "[name hidden]" (a resident often signs the description).
 */
export function withoutHiddenNames(value: string, moderation?: ReportModerationDoc | null): string {
  if (!moderation?.nameHidden) return value;
  const words = [...new Set(moderation.hiddenNames.map((word) => word.trim()).filter((word) => word.length >= 2))];
  if (words.length === 0) return value;
  // Longest first, so "Maria Lopez" is one mark, not two.
  const pattern = words
    .sort((a, b) => b.length - a.length)
    .map(escapeRegExp)
    .join("|");
  return value
    .replace(new RegExp(`(?<![\\p{L}\\p{N}])(?:${pattern})(?![\\p{L}\\p{N}])`, "giu"), "[name hidden]")
    .replace(/\[name hidden\](?:\s+\[name hidden\])+/g, "[name hidden]");
}

/** A case's photo names are fixed once filed: a public photo's lookup spares the CRM for a minute. */
const publicPhotoNames = new PromiseCache<string, string[] | null>({ ttlMs: 60_000, max: 2000 });

/**
 * GET /api/reports/:caseId/photos/:index[/redacted]: a report's photo as the public may see it. The
 * original while it is not redacted, its blurred copy once it is; 404 for anything else (a private
 * report, no such photo, the other version).
 */
export async function sendPublicReportPhoto(
  caseId: string,
  index: number,
  redacted: boolean,
  res: Response,
): Promise<void> {
  const names = await publicPhotoNames.get(caseId, async () => {
    const rows = await crmConnector().query<{ Id: string; Report_Photos__c: string | null }>(
      soql`SELECT Id, Report_Photos__c FROM Case WHERE Id = ${caseId} AND Service_Request_Type__c IN ${REPORT_REQUEST_TYPES} LIMIT 1`,
    );
    return rows[0] ? photoNamesOf(rows[0].Report_Photos__c) : null;
  });
  const name = names?.[index];
  if (!name) throw notFound("No such photo.");
  const moderation = await readReportModeration(caseId);
  if (!isPublicCase(moderation)) throw notFound("No such photo.");
  const isRedacted = moderation?.redactedPhotos.includes(index) ?? false;
  if (isRedacted !== redacted) throw notFound("No such photo.");
  // Moderation may take a photo back at any moment: no shared or browser cache keeps a copy.
  await sendReportPhoto(redacted ? redactedPhotoObject(name) : name, res, "no-store");
}

// --- What staff do (the console) ---

type StaffCaseRow = {
  Id: string;
  CaseNumber: string;
  Status: string | null;
  IsClosed: boolean | null;
  Description: string | null;
  Service_Request_Type__c: string | null;
  Report_Address__c: string | null;
  Report_Photos__c: string | null;
  ContactId: string | null;
  CreatedDate: string | null;
};

/** A report case by its number, or 404 (no such case, or a case that is not a problem report). */
async function reportCase(caseNumber: string): Promise<StaffCaseRow> {
  const rows = await crmConnector().query<StaffCaseRow>(
    soql`SELECT Id, CaseNumber, Status, IsClosed, Description, Service_Request_Type__c, Report_Address__c, Report_Photos__c, ContactId, CreatedDate FROM Case WHERE CaseNumber = ${caseNumber} AND Service_Request_Type__c IN ${REPORT_REQUEST_TYPES} LIMIT 1`,
  );
  const row = rows[0];
  if (!row) throw notFound("No report with this case number.");
  return row;
}

/** The name an app sent with a report it filed through Open311 (the staff line `Reporter: Name <email> phone`). */
function appReporterName(description: string | null): string | null {
  const line = (description ?? "").split("\n").find((candidate) => candidate.startsWith(REPORTER_LINE));
  const name = line?.slice(REPORTER_LINE.length).split("<")[0]?.trim();
  return name && !/^[+\d\s()-]+$/.test(name) ? name : null;
}

/** Who reported the case: the portal person of its CRM contact (with their name), else the CRM contact, else the app's line. */
async function reporterOf(row: StaffCaseRow): Promise<ModeratedReport["reporter"]> {
  if (row.ContactId) {
    const [person] = await usersOfContacts([row.ContactId]);
    if (person) {
      const name = [person.data.FirstName, person.data.LastName].filter(Boolean).join(" ") || null;
      return { uid: person.uid, name, email: person.data.Email };
    }
    const contacts = await crmConnector().query<{
      FirstName: string | null;
      LastName: string | null;
      Email: string | null;
    }>(soql`SELECT FirstName, LastName, Email FROM Contact WHERE Id = ${row.ContactId} LIMIT 1`);
    const contact = contacts[0];
    if (contact) {
      const name = [contact.FirstName, contact.LastName].filter(Boolean).join(" ") || null;
      return { uid: null, name, email: text(contact.Email) };
    }
  }
  return { uid: null, name: appReporterName(row.Description), email: null };
}

function reportView(
  row: StaffCaseRow,
  reporter: ModeratedReport["reporter"],
  doc: ReportModerationDoc | null,
): ModeratedReport {
  const moderation = moderationState(doc);
  const redacted = new Set(moderation.redactedPhotos);
  return {
    caseId: row.Id,
    caseNumber: String(row.CaseNumber),
    serviceRequestType: row.Service_Request_Type__c,
    status: row.Status,
    closed: row.IsClosed === true,
    address: row.Report_Address__c,
    filedAt: instant(row.CreatedDate),
    description: residentDescription(row.Description ?? ""),
    reporter,
    photos: photoNamesOf(row.Report_Photos__c).map((_name, index) => ({
      index,
      redacted: redacted.has(index),
      publicPath: moderation.private ? null : publicPhotoPath(row.Id, index, redacted.has(index)),
    })),
    moderation,
  };
}

/** GET /api/console/reports/:caseNumber: the report, who reported it and its moderation, for staff. */
export async function moderatedReport(caseNumber: string): Promise<ModeratedReport> {
  const row = await reportCase(caseNumber);
  const [reporter, doc] = await Promise.all([reporterOf(row), readReportModeration(row.Id)]);
  return reportView(row, reporter, doc);
}

/** The moderation before a change, for the audit trail. */
export async function moderationBefore(caseNumber: string): Promise<ReportModerationState | null> {
  const rows = await crmConnector().query<{ Id: string }>(
    soql`SELECT Id FROM Case WHERE CaseNumber = ${caseNumber} AND Service_Request_Type__c IN ${REPORT_REQUEST_TYPES} LIMIT 1`,
  );
  return rows[0] ? moderationState(await readReportModeration(rows[0].Id)) : null;
}

/** The words of a name the public must not see: the whole name and each part. */
const nameWords = (name: string | null) =>
  name ? [name, ...name.split(/\s+/)].map((word) => word.trim()).filter((word) => word.length >= 2) : [];

/**
 * PATCH /api/console/reports/:caseNumber: hides or shows the reporter's name, makes the report private
 * or public. Hiding keeps the name's words (from the CRM at that moment) so public texts can drop them.
 */
export async function moderateReport(caseNumber: string, change: ModerationChange, by: string) {
  const row = await reportCase(caseNumber);
  const reporter = await reporterOf(row);
  const { after } = await changeReportModeration(row.Id, row.CaseNumber, by, (current) => {
    const nameHidden = change.nameHidden ?? current?.nameHidden ?? false;
    return {
      nameHidden,
      private: change.private ?? current?.private ?? false,
      hiddenNames: nameHidden ? [...new Set([...(current?.hiddenNames ?? []), ...nameWords(reporter.name)])] : [],
      redactedPhotos: current?.redactedPhotos ?? [],
    };
  });
  return reportView(row, reporter, after);
}

/**
 * POST /api/console/reports/:caseNumber/photos/:index/redact: makes the photo's blurred copy (sharp),
 * stores it beside the original, then marks the photo redacted: from then on every public answer
 * names the blurred copy's address, and the original's public address answers 404. The original
 * stays in storage (and on the CRM case's files) for staff. Redacting again changes nothing.
 */
export async function redactReportPhoto(caseNumber: string, index: number, by: string) {
  const row = await reportCase(caseNumber);
  const name = photoNamesOf(row.Report_Photos__c)[index];
  if (!name) throw notFound("This report has no such photo.");
  const current = await readReportModeration(row.Id);
  if (!current?.redactedPhotos.includes(index)) {
    const bucket = await storageBucket();
    const [original] = await withStorage(() => bucket.file(name).download()).catch((error: unknown) => {
      throw error instanceof ConnectorError && error.kind === "not_found"
        ? notFound("The photo is not stored.")
        : error;
    });
    const blurred = await blurReportPhoto(original).catch(() => {
      throw badRequest("The photo could not be read.", { index: "Invalid" });
    });
    // The copy first: a photo is never marked redacted without a blurred copy to serve.
    await withStorage(() =>
      bucket.file(redactedPhotoObject(name)).save(blurred, {
        resumable: false,
        contentType: "image/jpeg",
        metadata: { cacheControl: "no-store" },
      }),
    );
  }
  const reporter = await reporterOf(row);
  const { after } = await changeReportModeration(row.Id, row.CaseNumber, by, (stored) => ({
    nameHidden: stored?.nameHidden ?? false,
    private: stored?.private ?? false,
    hiddenNames: stored?.hiddenNames ?? [],
    redactedPhotos: [...new Set([...(stored?.redactedPhotos ?? []), index])].sort((a, b) => a - b),
  }));
  return reportView(row, reporter, after);
}

/** GET /api/console/reports/:caseNumber/photos/:index: the original photo, for staff only. */
export async function sendOriginalReportPhoto(caseNumber: string, index: number, res: Response): Promise<void> {
  const row = await reportCase(caseNumber);
  const name = photoNamesOf(row.Report_Photos__c)[index];
  if (!name) throw notFound("This report has no such photo.");
  await sendReportPhoto(name, res, "private, no-store");
}

/**
 * The storage name to serve a report's photo by to anyone but staff (the resident's own case page
 * too): the original, or its blurred copy once staff redacted it (the original is for staff only).
 */
export async function photoObjectOutsideStaff(caseId: string, index: number, original: string): Promise<string> {
  const moderation = await readReportModeration(caseId);
  return moderation?.redactedPhotos.includes(index) ? redactedPhotoObject(original) : original;
}
