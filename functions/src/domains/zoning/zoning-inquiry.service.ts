import { randomUUID } from "node:crypto";
import { z } from "zod";
import { crmConnector } from "../../connectors/crm/connection";
import { soql } from "../../connectors/crm/soql";
import type { Activity } from "../../contract/activity";
import {
  ZONING_INQUIRY_OBJECT,
  type ZoningInquiryPayload,
  type ZoningInquiryResult,
} from "../../contract/zoning-inquiry";
import { newBatch } from "../../data/collection";
import { createOutboxEntryIn } from "../../data/outbox";
import { addActivityCreated } from "../../data/user-events";
import { markActivitiesChanged } from "../cases/activities.service";
import { deliverDue, deliverOutboxEntry, heldClaim, type OutboxKind } from "../outbox/outbox-runner";

const KIND = "zoningInquiry";
export const MAX_ZONING_INQUIRY_ATTEMPTS = 10;
const outboxId = (entryId: string) => `zoning-${entryId}`;

/** The CRM record of an inquiry: the §3 payload as given, plus the contact and status the dashboard reads. */
export function zoningInquiryRecord(payload: ZoningInquiryPayload): Record<string, unknown> {
  return { ...payload, Contact__c: payload.SFDC_ContactID__c, Status__c: "Submitted" };
}

/** A zoning inquiry's outbox entry: the §3 payload, and the record once filed. */
const ZZoningEntry = z.object({
  entryId: z.string(),
  uid: z.string(),
  activityId: z.string().nullish(),
  // Validated (ZZoningInquiryPayload) when the resident sent it; kept as sent.
  zoning: z.custom<ZoningInquiryPayload>((value) => typeof value === "object" && value !== null),
  crmId: z.string().nullish(),
});
type ZoningEntry = z.output<typeof ZZoningEntry>;

/**
 * The inquiry's way to the CRM (outbox-runner.ts retries it; failed after
 * MAX_ZONING_INQUIRY_ATTEMPTS, for staff to see).
 */
export const zoningInquiryOutbox: OutboxKind<ZoningEntry> = {
  kind: KIND,
  schema: ZZoningEntry,
  maxAttempts: MAX_ZONING_INQUIRY_ATTEMPTS,
  // The record a lost answer may have hidden: the same contact, address and usage, created since
  // the entry was written.
  alreadyDelivered: async ({ zoning: payload }, { createdAt }) => {
    if (!createdAt) return null;
    const rows = await crmConnector().query<{ Id: string; Business_Details__c?: unknown }>(
      soql`SELECT Id, Business_Details__c FROM Zoning_Inquiry__c WHERE SFDC_ContactID__c = ${payload.SFDC_ContactID__c} AND Land_Parcel_Master_Address__c = ${payload.Land_Parcel_Master_Address__c} AND CreatedDate >= ${createdAt}`,
    );
    const id = rows.find((row) => row.Business_Details__c === payload.Business_Details__c)?.Id;
    return id ? { crmId: id } : null;
  },
  deliver: async ({ zoning }) => ({
    crmId: await crmConnector().create(ZONING_INQUIRY_OBJECT, zoningInquiryRecord(zoning)),
  }),
  afterDelivery: async ({ uid }) => {
    await markActivitiesChanged(uid);
  },
};

/**
 * Files a resident's zoning inquiry: written to the outbox first, then sent to the CRM. With the
 * CRM down the resident is told it was received; the retry job sends it later.
 */
export async function submitZoningInquiry(input: {
  uid: string;
  activity: Pick<Activity, "Id" | "Item" | "Action">;
  payload: ZoningInquiryPayload;
}): Promise<ZoningInquiryResult> {
  const entryId = randomUUID();
  const id = outboxId(entryId);
  const entry = {
    kind: KIND,
    entryId,
    uid: input.uid,
    activityId: input.activity.Id,
    contactId: input.payload.SFDC_ContactID__c,
    objectName: ZONING_INQUIRY_OBJECT,
    zoning: input.payload,
    lastError: null,
  };
  // The resident's CreateActivity event (admin user view, noActivities audience) lands with the entry.
  // Written claimed by this request, which delivers it next: a job run in between leaves it alone.
  const held = heldClaim();
  const batch = newBatch();
  createOutboxEntryIn(batch, id, entry, held);
  addActivityCreated(batch, {
    uid: input.uid,
    action: input.activity.Action,
    activityId: input.activity.Id,
    itemName: input.activity.Item,
    reference: id,
    data: { zoningInquiry: entryId },
  });
  await batch.commit();
  const outcome = await deliverOutboxEntry(zoningInquiryOutbox, id, { background: false, held });
  return outcome.status === "sent" && outcome.entry.crmId
    ? { status: "sent", id: outcome.entry.crmId }
    : { status: "received" };
}

/** The retry job's part for zoning inquiries: every due one. */
export async function deliverPendingZoningInquiries(): Promise<{ sent: number; pending: number }> {
  return deliverDue(zoningInquiryOutbox);
}
