// POST /api/payment/createLPIUserActivities
import { z } from "zod";
import { crmConnector } from "../../connectors/crm/connection";
import { soql } from "../../connectors/crm/soql";
import type { CrmRecord } from "../../connectors/crm/types";
import { DASHBOARD_OBJECTS, type DashboardObject, LPI_APPLICATION_NAME } from "../../contract/activity-objects";
import { text } from "../../data/fields";
import { claimLpiFiling, readLpiFiling, recordLpiFiled, releaseLpiFiling } from "../../data/lpi-filings";
import { recordActivityCreated } from "../../data/user-events";
import { ApiError, conflict, notFound } from "../../platform/http/api-error";
import { organizationOf } from "../../platform/http/organization-field";
import { type Principal, requireUser } from "../../platform/http/principal";
import { type AnyRoute, callerOrMemberOrganization, route } from "../../platform/http/route";
import type { Logger } from "../../platform/logger";
import { activitiesOf, markActivitiesChanged } from "../cases/activities.service";
import { requireLpiEnabled } from "./lpi.service";

/** A Salesforce record id: 15 or 18 letters and digits. */
const ZCrmId = z.string().regex(/^[A-Za-z0-9]{15}([A-Za-z0-9]{3})?$/, { message: "Invalid" });

export const ZCreateLpiInput = z.object({
  sfParentId: ZCrmId,
  activityId: z.string().trim().min(1).max(128),
  organizationId: z.string().max(64).nullable().optional().transform(organizationOf),
  userId: z.string().min(1).max(128),
});

/** The record a letter's link names (spec 1 §2.7), as an LPI application's parent. */
interface ParentRecord {
  /** Its CRM object: one of the caller's activities, or her utility account. */
  object: string;
  record: CrmRecord;
  /** What the bill calls it: the case number, or the water account's customer and location ids. */
  number: string;
  label: string;
}

/**
 * The record an LPI application may hang off: one of the caller's activities or of the organization
 * they act for (membership is checked by the route's organization rule), from the same cached list
 * the dashboard shows, or the caller's own utility account in the CRM. Another LPI application is
 * no parent. Null when it is none of these.
 */
async function ownParentRecord(
  caller: Principal,
  recordId: string,
  organizationId: string | null,
): Promise<ParentRecord | null> {
  const crm = crmConnector();
  const activity = (await activitiesOf(caller, organizationId)).find(
    (candidate) => candidate.id === recordId && candidate.type !== "LPI_Application__c",
  );
  if (activity) {
    const record = await crm.retrieve(activity.type, recordId);
    const label = DASHBOARD_OBJECTS[activity.type as DashboardObject].label;
    return { object: activity.type, record, number: activity.caseNumber, label };
  }
  const [account] = await crm.query<CrmRecord>(
    soql`SELECT Id, Customer_Id__c, Location_Id__c, Late_Payment_Interest__c FROM Utility_Account__c WHERE Id = ${recordId} AND Contact__c = ${caller.salesforceId ?? ""} LIMIT 1`,
  );
  if (!account) return null;
  const number = `${text(account.Customer_Id__c) ?? ""}-${text(account.Location_Id__c) ?? ""}`;
  return { object: "Utility_Account__c", record: account, number, label: "Water account" };
}

/**
 * The caller's LPI application for this parent already filed (any status but Rejected): a letter's
 * link opened twice, or in two tabs, files one application (issue 32).
 */
async function existingApplication(contactId: string, parentId: string): Promise<CrmRecord | undefined> {
  const [found] = await crmConnector().query<CrmRecord>(
    soql`SELECT Id, Name FROM LPI_Application__c WHERE Related_Activity__c = ${parentId} AND Contact__c = ${contactId} AND Status__c != 'Rejected' ORDER BY CreatedDate DESC LIMIT 1`,
  );
  return found;
}

/**
 * Files the application with its bill as the CRM keeps the interest: the parent's
 * Late_Payment_Interest__c, one itemized line (Fee_Line__c) per record it is owed on; the amount is
 * their sum (never a number the portal makes up). A record that owes no interest gets no application.
 */
async function fileApplication(
  caller: Principal & { salesforceId: string },
  parent: ParentRecord,
  organizationId: string | null,
): Promise<{ Id: string; caseNumber: string }> {
  const crm = crmConnector();
  const interest = Number(parent.record.Late_Payment_Interest__c ?? 0);
  const interestCents = Number.isFinite(interest) ? Math.round(interest * 100) : 0;
  if (interestCents < 1) throw new ApiError("rejected", "This record owes no late payment interest.");
  const amount = interestCents / 100;
  const id = await crm.create("LPI_Application__c", {
    Status__c: "Pending Payment",
    Contact__c: caller.salesforceId,
    Account__c: organizationId,
    Related_Activity__c: parent.record.Id,
    Application_Name__c: LPI_APPLICATION_NAME,
    Application_Fee__c: amount,
    Payment_Required__c: true,
    Payment_Amount__c: amount,
    Payment_Code__c: "LPIFEE",
    Action_Required__c: false,
    Is_Cancelable__c: false,
  });
  await crm.create("Fee_Line__c", {
    Parent_Record_Id__c: id,
    Application_Number__c: parent.number,
    Application_Name__c: `Late payment interest: ${parent.label}`,
    Fee_Amount__c: amount,
  });
  const record = await crm.retrieve("LPI_Application__c", id);
  return { Id: id, caseNumber: typeof record.Name === "string" ? record.Name : id };
}

/** A claim still `filing` after this long belongs to a request that died: it is taken over. */
const STALE_FILING_MS = 2 * 60_000;
/** How long a request waits for another request's filing of the same record before answering 409. */
const WAIT_FOR_FILING_MS = 25_000;
const POLL_MS = 200;

type Filed = { Id: string; caseNumber: string; existing: boolean };

/** Waits for another request's filing: its application, or null when the claim was freed (it failed). */
async function filingOf(contactId: string, parentId: string): Promise<Filed | null> {
  const deadline = Date.now() + WAIT_FOR_FILING_MS;
  for (;;) {
    const claim = await readLpiFiling(contactId, parentId);
    if (!claim) return null;
    if (claim.state === "filed" && claim.applicationId) {
      return { Id: claim.applicationId, caseNumber: claim.caseNumber ?? claim.applicationId, existing: true };
    }
    if (Date.now() > deadline) throw conflict("This application is being filed. Please try again in a minute.");
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/**
 * Files the caller's application for the parent once, across instances (issue 32): an open
 * application in the CRM is answered as it is; otherwise the filing is claimed with create() in
 * Firestore (lpiFilings) before the CRM is written, and every other request answers the claim's
 * application. A claim whose application was rejected, or whose filer died, is freed and claimed
 * again; the CRM is asked first each round, so an application a dead filer wrote is still found.
 */
async function fileOnce(
  caller: Principal & { salesforceId: string },
  parent: ParentRecord,
  organizationId: string | null,
  log: Logger,
): Promise<Filed> {
  const contactId = caller.salesforceId;
  const parentId = parent.record.Id;
  for (let round = 0; round < 5; round++) {
    const existing = await existingApplication(contactId, parentId);
    if (existing) return { Id: existing.Id, caseNumber: text(existing.Name) ?? existing.Id, existing: true };
    const claim = await claimLpiFiling(contactId, parentId, caller.uid);
    if (claim.claimed) {
      let created: { Id: string; caseNumber: string };
      try {
        created = await fileApplication(caller, parent, organizationId);
      } catch (error) {
        // Nothing was filed (or the CRM refused): another request may file it.
        await releaseLpiFiling(contactId, parentId, claim.writeTime);
        throw error;
      }
      await recordLpiFiled(contactId, parentId, created);
      await markActivitiesChanged(caller.uid);
      // The resident's CreateActivity event (admin user view, noActivities audience).
      await recordActivityCreated({
        uid: caller.uid,
        action: "APPLY_FOR",
        activityId: null,
        itemName: LPI_APPLICATION_NAME,
        itemKey: "UsersAdmin.LpiApplication",
        reference: `lpi-${created.Id}`,
        data: { lpiApplication: created.Id, parent: parentId },
      });
      log.info("LPI application created", { id: created.Id });
      return { ...created, existing: false };
    }
    const { held } = claim;
    if (held.state === "filed" && held.applicationId) {
      // Filed after the CRM was asked above, or filed and since rejected: the CRM says which.
      const application = await crmConnector().retrieve("LPI_Application__c", held.applicationId);
      if (application.Status__c !== "Rejected") {
        return { Id: held.applicationId, caseNumber: held.caseNumber ?? held.applicationId, existing: true };
      }
      await releaseLpiFiling(contactId, parentId, held.updateTime);
      continue;
    }
    const startedMs = held.startedAt?.toMillis() ?? 0;
    if (Date.now() - startedMs > STALE_FILING_MS) {
      await releaseLpiFiling(contactId, parentId, held.updateTime);
      continue;
    }
    const filed = await filingOf(contactId, parentId);
    if (filed) return filed;
  }
  throw conflict("This application is being filed. Please try again in a minute.");
}

export const lpiActivityRoutes: AnyRoute[] = [
  route({
    method: "POST",
    path: "/api/payment/createLPIUserActivities",
    access: "onboarded",
    summary:
      "Files the caller's late-payment-interest application for a record (once: a second call answers the first), its bill the record's interest in the CRM; answers its id and number",
    body: ZCreateLpiInput,
    ...callerOrMemberOrganization("body"),
    // Each call writes a CRM record (the CRM has a daily API budget): a resident applies for a few.
    throttle: [{ name: "lpi-application", key: "caller", limit: 10, windowSeconds: 86_400 }],
    // Another user's record: only the seeded resident's own permit would be accepted.
    example: { body: { sfParentId: "a02000000000001AAA", activityId: "LPI", userId: "{uid}" } },
    handler: async ({ user, body, log }): Promise<{ Id: string; caseNumber: string; existing: boolean }> => {
      const caller = requireUser(user);
      await requireLpiEnabled();
      const parent = await ownParentRecord(caller, body.sfParentId, body.organizationId ?? null);
      if (!parent) throw notFound("No such record of yours.");
      return fileOnce({ ...caller, salesforceId: caller.salesforceId ?? "" }, parent, body.organizationId ?? null, log);
    },
  }),
];
