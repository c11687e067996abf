import { crmConnector } from "../../connectors/crm/connection";
import { soql, soqlName } from "../../connectors/crm/soql";
import { DASHBOARD_OBJECT_NAMES, DASHBOARD_OBJECTS, type DashboardObject } from "../../contract/activity-objects";
import { caseStatusDisplay, type DashboardActivity, type WrittenIn } from "../../contract/case-status";
import { listActivities } from "../../data/activities";
import { text } from "../../data/fields";
import { markUserActivitiesChanged, userActivitiesChangedAt } from "../../data/users";
import { PromiseCache } from "../../platform/cache";
import { forbidden } from "../../platform/http/api-error";
import type { Principal } from "../../platform/http/principal";
import { writtenIn } from "../../platform/text-language";

/** Where each object keeps a name worth showing (lists and detail); the object's label otherwise. */
export const NAME_FIELDS: Record<DashboardObject, string | null> = {
  Case: "Subject",
  COE_Permit__c: null,
  Permit_Applications__c: "Application_Type__c",
  Zoning_Inquiry__c: null,
  LPI_Application__c: "Application_Name__c",
};

/** The CRM answers datetimes as 2026-11-01T15:00:00.000+0000. */
const iso = (value: unknown): string => {
  const parsed = Date.parse(String(value ?? "").replace(/\+0000$/, "Z"));
  return Number.isNaN(parsed) ? new Date(0).toISOString() : new Date(parsed).toISOString();
};

/** The message's language, as its own field when it can be told. */
function languageOf(message: string | null): { actionRequiredMessageWrittenIn?: WrittenIn } {
  const language = writtenIn(message);
  return language ? { actionRequiredMessageWrittenIn: language } : {};
}

function toDashboardActivity(object: DashboardObject, row: Record<string, unknown>): DashboardActivity {
  const meta = DASHBOARD_OBJECTS[object];
  const nameField = NAME_FIELDS[object];
  const status = text(row[meta.status]) ?? "";
  const amount = row.Payment_Amount__c;
  return {
    id: String(row.Id),
    type: object,
    activityName: (nameField && text(row[nameField])) || meta.label,
    caseNumber: text(row[meta.number]) ?? "",
    actionRequired: row.Action_Required__c === true,
    actionRequiredMessage: text(row.Action_Required_Message__c),
    ...languageOf(text(row.Action_Required_Message__c)),
    isCancelable: row.Is_Cancelable__c === true,
    paymentRequired: row.Payment_Required__c === true,
    paymentAmount: typeof amount === "number" ? amount : null,
    status,
    statusInformation: caseStatusDisplay(status, object),
    lastModified: iso(row.LastModifiedDate),
    createdDate: iso(row.CreatedDate),
    data: { attributes: { type: object } },
  };
}

/** Every activity of a contact (and, when given, of an organization), newest change first. */
async function loadActivities(contactId: string, organizationId: string | null): Promise<DashboardActivity[]> {
  const lists = await Promise.all(
    DASHBOARD_OBJECT_NAMES.map(async (object) => {
      const meta = DASHBOARD_OBJECTS[object];
      const nameField = NAME_FIELDS[object];
      const fields = [
        "Id",
        meta.status,
        meta.number,
        "Action_Required__c",
        "Action_Required_Message__c",
        "Is_Cancelable__c",
        "Payment_Required__c",
        "Payment_Amount__c",
        "CreatedDate",
        "LastModifiedDate",
        ...(nameField ? [nameField] : []),
      ];
      // Names are fixed above; soqlName still refuses anything but identifiers.
      const select = fields.map((field) => soqlName(field).name).join(", ");
      const where = organizationId
        ? soql`${soqlName(meta.contact)} = ${contactId} OR ${soqlName(meta.account)} = ${organizationId}`
        : soql`${soqlName(meta.contact)} = ${contactId}`;
      const statement = { text: `SELECT ${select} FROM ${soqlName(object).name} WHERE ${where.text}` };
      const rows = await crmConnector().query<Record<string, unknown>>(statement);
      return rows.map((row) => toDashboardActivity(object, row));
    }),
  );
  return lists.flat().sort((a, b) => b.lastModified.localeCompare(a.lastModified) || a.id.localeCompare(b.id));
}

/**
 * Marks each case filed under a catalogue service's name with that service's id: the portal files a
 * form's case under the service's English name (form-submissions: Subject = the form's title), and
 * with the id a list can show the admins' translation of the name (`Activity.Item.<id>`).
 */
async function withCatalogueIds(activities: DashboardActivity[]): Promise<DashboardActivity[]> {
  const catalogue = await listActivities({ publishedOnly: false, includeDeleted: true });
  const idByName = new Map(catalogue.map((service) => [service.Item.trim().toLowerCase(), service.Id]));
  return activities.map((activity) => {
    const catalogueId = activity.type === "Case" ? idByName.get(activity.activityName.trim().toLowerCase()) : undefined;
    return catalogueId ? { ...activity, catalogueId } : activity;
  });
}

/**
 * Per-user cache: the CRM has a daily API limit and the dashboard, the in-progress page and the
 * banner all ask for the same lists within seconds. Functions run as separate instances, so a
 * change the portal itself makes (a new LPI application, a report) is signalled through
 * users/{uid}.activitiesChangedAt, which every read checks.
 */
const cache = new PromiseCache<string, DashboardActivity[]>({ ttlMs: 60_000, max: 1000 });

/** Tells every instance that a user's activities changed, so their next read goes to the CRM. */
export async function markActivitiesChanged(uid: string): Promise<void> {
  cache.deleteWhere((key) => key.startsWith(`${uid}|`));
  await markUserActivitiesChanged(uid);
}

export async function activitiesOf(user: Principal, organizationId: string | null): Promise<DashboardActivity[]> {
  if (!user.salesforceId) throw forbidden("Account creation is not finished.");
  const key = `${user.uid}|${organizationId ?? ""}`;
  const hit = cache.peek(key);
  if (hit && (await userActivitiesChangedAt(user.uid)) < hit.at) return hit.value;
  const contactId = user.salesforceId;
  return cache.refresh(key, async () => withCatalogueIds(await loadActivities(contactId, organizationId)));
}
