// POST /api/payment/createLPIUserActivities
import { z } from "zod";
import { crmConnector } from "../../connectors/crm/connection";
import { soql } from "../../connectors/crm/soql";
import { LPI_APPLICATION_NAME } from "../../contract/activity-objects";
import { recordActivityCreated } from "../../data/user-events";
import { notFound } from "../../platform/http/api-error";
import { organizationOf } from "../../platform/http/organization-field";
import { type Principal, requireUser } from "../../platform/http/principal";
import { type AnyRoute, route } from "../../platform/http/route";
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

/**
 * Whether an LPI application may hang off a record: one of the caller's activities or of the
 * organization they act for (membership is checked by the route's organization rule), from the
 * same cached list the dashboard shows, or the caller's own utility account in the CRM. Another
 * LPI application is no parent.
 */
async function isOwnParentRecord(caller: Principal, recordId: string, organizationId: string | null): Promise<boolean> {
  const activities = await activitiesOf(caller, organizationId);
  if (activities.some((activity) => activity.id === recordId && activity.type !== "LPI_Application__c")) return true;
  const accounts = await crmConnector().query<{ Id: string }>(
    soql`SELECT Id FROM Utility_Account__c WHERE Id = ${recordId} AND Contact__c = ${caller.salesforceId ?? ""} LIMIT 1`,
  );
  return accounts.length === 1;
}

/** The late-payment-interest application fee the city charges (dollars, as the CRM keeps it). */
const LPI_APPLICATION_FEE = 25;

export const lpiActivityRoutes: AnyRoute[] = [
  route({
    method: "POST",
    path: "/api/payment/createLPIUserActivities",
    access: "onboarded",
    summary: "Creates a late-payment-interest application in the CRM for the caller; answers its id and number",
    body: ZCreateLpiInput,
    owner: { in: "body", field: "userId" },
    organization: { in: "body", field: "organizationId", role: "member" },
    // Each call writes a CRM record (the CRM has a daily API budget): a resident applies for a few.
    throttle: [{ name: "lpi-application", key: "caller", limit: 10, windowSeconds: 86_400 }],
    // Another user's record: only the seeded resident's own permit would be accepted.
    example: { body: { sfParentId: "a02000000000001AAA", activityId: "LPI", userId: "{uid}" } },
    handler: async ({ user, body, log }): Promise<{ Id: string; caseNumber: string }> => {
      const caller = requireUser(user);
      await requireLpiEnabled();
      const crm = crmConnector();
      if (!(await isOwnParentRecord(caller, body.sfParentId, body.organizationId ?? null))) {
        throw notFound("No such record of yours.");
      }
      const id = await crm.create("LPI_Application__c", {
        Status__c: "New",
        Contact__c: caller.salesforceId,
        Account__c: body.organizationId ?? null,
        Related_Activity__c: body.sfParentId,
        Application_Name__c: LPI_APPLICATION_NAME,
        Application_Fee__c: LPI_APPLICATION_FEE,
        Payment_Required__c: true,
        Payment_Amount__c: LPI_APPLICATION_FEE,
        Payment_Code__c: "LPIFEE",
        Action_Required__c: false,
        Is_Cancelable__c: false,
      });
      const record = await crm.retrieve("LPI_Application__c", id);
      await markActivitiesChanged(caller.uid);
      // The resident's CreateActivity event (admin user view, noActivities audience).
      await recordActivityCreated({
        uid: caller.uid,
        action: "APPLY_FOR",
        activityId: null,
        itemName: LPI_APPLICATION_NAME,
        itemKey: "UsersAdmin.LpiApplication",
        reference: `lpi-${id}`,
        data: { lpiApplication: id, parent: body.sfParentId },
      });
      log.info("LPI application created", { id, activityId: body.activityId });
      return { Id: id, caseNumber: typeof record.Name === "string" ? record.Name : id };
    },
  }),
];
