import { crmConnector } from "../../connectors/crm/connection";
import { soql, soqlName } from "../../connectors/crm/soql";
import type { CrmConnector, CrmRecord } from "../../connectors/crm/types";
import {
  type ActivityDetail,
  type ActivityEvent,
  type FormDetail,
  type RelatedPermit,
  type ReportedProblem,
  statusPath,
} from "../../contract/activity-detail";
import { DASHBOARD_OBJECTS, type DashboardObject } from "../../contract/activity-objects";
import { caseStatusDisplay } from "../../contract/case-status";
import { rememberAnswerableRecord, wasAnswerableLately } from "../../data/answerable-records";
import { text } from "../../data/fields";
import { membershipsOf } from "../../data/org-members";
import { publicFieldsOf } from "../../data/public-fields";
import { ConnectorError } from "../../platform/connector-error";
import { conflict, notFound } from "../../platform/http/api-error";
import type { Principal } from "../../platform/http/principal";
import { writtenIn } from "../../platform/text-language";
import { fixedQuestionOf, timelineComment } from "../case-updates/case-updates.service";
import { paidFeeOf } from "../payments/paid-fees.service";
import { residentDescription } from "../reports/reports.service";
import { activitiesOf, markActivitiesChanged, NAME_FIELDS } from "./activities.service";
import { describeObjectFields, picklistValuesOf } from "./activity-fields.service";
import { deliverWaitingFor, hasAdditionalInformationWaiting } from "./additional-information.service";

/** The entries whose language could be told. */
const withoutUnknown = <T extends Record<string, string | undefined>>(languages: T) =>
  Object.fromEntries(Object.entries(languages).filter(([, language]) => language)) as Partial<T>;

const commentWithLanguage = (comment: { kind: "staff" | "notFixed"; text: string }) => {
  const language = writtenIn(comment.text);
  return language ? { ...comment, writtenIn: language } : comment;
};

/** The organizations (CRM account ids) whose records the user may see: approved memberships only. */
export async function memberOrganizationIds(uid: string): Promise<string[]> {
  return (await membershipsOf(uid))
    .filter((membership) => membership.Verified && membership.organizationId)
    .map((membership) => String(membership.organizationId));
}

/**
 * The record the user answers. When the CRM cannot be reached now, a record the user opened
 * lately while it asked them for more information stands in (answerableRecords, in Firestore, so
 * any instance knows it): the answer is taken and waits in the outbox. Rethrows otherwise.
 */
export async function ownedActivityRecordWhileDown(
  user: Principal,
  type: DashboardObject,
  id: string,
): Promise<CrmRecord> {
  try {
    return await ownedActivityRecord(user, type, id);
  } catch (error) {
    if (
      error instanceof ConnectorError &&
      error.kind === "unavailable" &&
      (await wasAnswerableLately(user.uid, type, id))
    ) {
      return { Id: id, Action_Required__c: true };
    }
    throw error;
  }
}

/**
 * A CRM activity record the user may see: their own (the contact) or an organization's they are an
 * approved member of. Anything else is 404, so a guessed id tells nothing about whether it exists.
 */
export async function ownedActivityRecord(
  user: Principal,
  type: DashboardObject,
  id: string,
  crm: CrmConnector = crmConnector(),
): Promise<CrmRecord> {
  const meta = DASHBOARD_OBJECTS[type];
  let record: CrmRecord;
  try {
    record = await crm.retrieve(type, id);
  } catch (error) {
    if (error instanceof ConnectorError && error.kind === "not_found") throw notFound("No such activity.");
    throw error;
  }
  const contact = text(record[meta.contact]);
  const account = text(record[meta.account]);
  const mine =
    (user.salesforceId && contact === user.salesforceId) ||
    (account && (await memberOrganizationIds(user.uid)).includes(account));
  if (!mine) throw notFound("No such activity.");
  if (record.Action_Required__c === true) await rememberAnswerableRecord(user.uid, type, id);
  return record;
}

/**
 * True when the record is among the user's activities (own or an organization's they belong to);
 * the file-box routes use it, as they are given a record id without its object.
 */
export async function ownsActivityId(user: Principal, id: string): Promise<boolean> {
  if ((await activitiesOf(user, null)).some((activity) => activity.id === id)) return true;
  for (const organizationId of await memberOrganizationIds(user.uid)) {
    if ((await activitiesOf(user, organizationId)).some((activity) => activity.id === id)) return true;
  }
  return false;
}

const PERMIT_OBJECTS = ["COE_Permit__c", "Permit_Applications__c"] as const;

/** The CRM answers datetimes as 2026-11-01T15:00:00.000+0000. */
const iso = (value: unknown): string => {
  const parsed = Date.parse(String(value ?? "").replace(/\+0000$/, "Z"));
  return Number.isNaN(parsed) ? new Date(0).toISOString() : new Date(parsed).toISOString();
};

const shown = (value: unknown): string | null => {
  if (value === null || value === undefined || value === "") return null;
  if (typeof value === "boolean") return value ? "Yes" : "No";
  if (typeof value === "number" || typeof value === "string") return String(value).replaceAll(";", ", ");
  return null;
};

/** The storage objects of a report case's photos, as the report filed them (Report_Photos__c, ";"-separated). */
export function reportPhotosOf(record: CrmRecord): string[] {
  return (text(record.Report_Photos__c) ?? "")
    .split(";")
    .map((name) => name.trim())
    .filter((name) => name.startsWith("report-photos/"));
}

const isReportCase = (type: DashboardObject, record: CrmRecord) =>
  type === "Case" && (text(record.Portal_Report_Id__c) !== null || reportPhotosOf(record).length > 0);

/** What the resident reported, for a case the portal filed from a report (null for other records). */
function reportedProblemOf(type: DashboardObject, record: CrmRecord): ReportedProblem | null {
  if (!isReportCase(type, record)) return null;
  const lat = record.Location__Latitude__s;
  const lng = record.Location__Longitude__s;
  return {
    description: residentDescription(text(record.Description) ?? ""),
    photoCount: reportPhotosOf(record).length,
    address: text(record.Report_Address__c),
    location: typeof lat === "number" && typeof lng === "number" ? { lat, lng } : null,
    assetId: text(record.Asset_Id__c),
  };
}

/** The record's fields the public-fields configuration lets residents see, with their CRM labels. */
async function formDetailsOf(type: DashboardObject, record: CrmRecord): Promise<FormDetail[]> {
  const allowed = await publicFieldsOf(type);
  if (allowed.length === 0) return [];
  const labels = new Map((await describeObjectFields(type)).map((field) => [field.name, field.label]));
  const report = isReportCase(type, record);
  return allowed.flatMap((field) => {
    let data = shown(record[field]);
    // A report's description carries lines for staff (photo storage paths, the portal's id).
    if (data !== null && report && field === "Description") data = residentDescription(data) || null;
    if (data === null) return [];
    const language = writtenIn(data);
    return [{ label: labels.get(field) ?? field, data, ...(language ? { writtenIn: language } : {}) }];
  });
}

/**
 * The record's timeline, oldest first: its filing, its status changes (Status_History__c) and, for a
 * case, its public comments (CaseComment: staff's, and a resident's "not fixed").
 */
async function historyOf(
  type: DashboardObject,
  id: string,
  record: CrmRecord,
  crm: CrmConnector,
): Promise<ActivityEvent[]> {
  const [changes, comments] = await Promise.all([
    crm.query<CrmRecord>(
      soql`SELECT New_Status__c, Changed_Date__c FROM Status_History__c WHERE Parent_Record_Id__c = ${id} ORDER BY Changed_Date__c ASC LIMIT 50`,
    ),
    type === "Case"
      ? crm.query<CrmRecord>(
          soql`SELECT CommentBody, CreatedDate FROM CaseComment WHERE ParentId = ${id} AND IsPublished = true ORDER BY CreatedDate ASC LIMIT 50`,
        )
      : [],
  ]);
  const filed: ActivityEvent = { status: null, statusInformation: null, at: iso(record.CreatedDate) };
  const events: ActivityEvent[] = [
    ...changes.flatMap((change) => {
      const status = text(change.New_Status__c);
      return status
        ? [{ status, statusInformation: caseStatusDisplay(status, type), at: iso(change.Changed_Date__c) }]
        : [];
    }),
    ...comments.map((comment) => ({
      status: null,
      statusInformation: null,
      at: iso(comment.CreatedDate),
      comment: commentWithLanguage(timelineComment(text(comment.CommentBody) ?? "")),
    })),
  ];
  // A comment written with a status change (a resident's "not fixed", then Open) comes first.
  const order = (event: ActivityEvent) => (event.comment ? 0 : 1);
  events.sort((a, b) => a.at.localeCompare(b.at) || order(a) - order(b));
  return [filed, ...events];
}

/** Permits this record points at, and permits that point at it. */
async function relatedPermitsOf(id: string, record: CrmRecord, crm: CrmConnector): Promise<RelatedPermit[]> {
  const related = text(record.Related_Activity__c);
  const lists = await Promise.all(
    PERMIT_OBJECTS.map(async (object) => {
      const meta = DASHBOARD_OBJECTS[object];
      const where = related ? soql`Id = ${related} OR Related_Activity__c = ${id}` : soql`Related_Activity__c = ${id}`;
      const rows = await crm.query<CrmRecord>({
        text: `SELECT Id, Name, ${soqlName(meta.status).name} FROM ${object} WHERE ${where.text} LIMIT 20`,
      });
      return rows.map((row) => {
        const status = text(row[meta.status]) ?? "";
        return {
          id: row.Id,
          type: object,
          name: text(row.Name) ?? meta.label,
          status,
          statusInformation: caseStatusDisplay(status, object),
        };
      });
    }),
  );
  return lists.flat().filter((permit) => permit.id !== id);
}

/** The detail of one activity the user may see (spec 2 §2 /activity-view/{type}/{id}). */
export async function activityDetail(user: Principal, type: DashboardObject, id: string): Promise<ActivityDetail> {
  const crm = crmConnector();
  let record = await ownedActivityRecord(user, type, id, crm);
  // Answers kept while the CRM was down go now that it answers (the retry job does it otherwise).
  let waiting = await hasAdditionalInformationWaiting(id);
  if (waiting) {
    await deliverWaitingFor(id);
    record = await crm.retrieve(type, id);
    waiting = await hasAdditionalInformationWaiting(id);
  }
  const meta = DASHBOARD_OBJECTS[type];
  const status = text(record[meta.status]) ?? "";
  const nameField = NAME_FIELDS[type];
  // Only a record that has (or had) a fee can have a portal payment to show.
  const hasFee = text(record.Payment_Code__c) !== null || record.Payment_Required__c === true;
  const [statuses, details, relatedPermits, history, payment, fixedQuestion] = await Promise.all([
    picklistValuesOf(type, meta.status),
    formDetailsOf(type, record),
    relatedPermitsOf(id, record, crm),
    historyOf(type, id, record, crm),
    hasFee ? paidFeeOf(type, id, user.uid) : null,
    type === "Case" ? fixedQuestionOf(user.uid, id) : null,
  ]);
  const amount = record.Payment_Amount__c;
  const display = (value: string) => caseStatusDisplay(value, type);
  return {
    id,
    activityType: type,
    name: (nameField && text(record[nameField])) || meta.label,
    caseNumber: text(record[meta.number]) ?? "",
    status,
    statusInformation: display(status),
    statuses: statusPath(statuses, status, display),
    isCancelable: record.Is_Cancelable__c === true,
    paymentRequired: record.Payment_Required__c === true,
    paymentAmount: typeof amount === "number" ? amount : null,
    paymentCode: text(record.Payment_Code__c),
    payment,
    userActivityId: id,
    // Information the portal still holds for the CRM answers the request already.
    actionRequired: record.Action_Required__c === true && !waiting,
    actionRequiredMessage: text(record.Action_Required_Message__c),
    writtenIn: withoutUnknown({
      actionRequiredMessage: writtenIn(text(record.Action_Required_Message__c)),
      statusNotes: writtenIn(text(record.Status_Notes__c)),
      description: writtenIn(residentDescription(text(record.Description) ?? "")),
    }),
    additionalInformationReceived: waiting,
    formDetails: { label: meta.label, details },
    relatedPermits,
    expectedDate: text(record.Expected_Resolution_Date__c),
    statusNotes: text(record.Status_Notes__c),
    lastModified: iso(record.LastModifiedDate),
    createdDate: iso(record.CreatedDate),
    report: reportedProblemOf(type, record),
    history,
    fixedQuestion,
  };
}

/** Cancels an activity the user may see, when the CRM says it is cancelable (409 otherwise). */
export async function cancelActivity(user: Principal, type: DashboardObject, id: string): Promise<{ status: string }> {
  const crm = crmConnector();
  const record = await ownedActivityRecord(user, type, id, crm);
  if (record.Is_Cancelable__c !== true) throw conflict("This activity can no longer be cancelled.");
  await crm.update(type, id, {
    [DASHBOARD_OBJECTS[type].status]: "Cancelled",
    Is_Cancelable__c: false,
    Action_Required__c: false,
  });
  await markActivitiesChanged(user.uid);
  return { status: "Cancelled" };
}
