import { randomUUID } from "node:crypto";
import { crmConnector } from "../../connectors/crm/connection";
import { soql } from "../../connectors/crm/soql";
import type { CrmConnector } from "../../connectors/crm/types";
import type { Activity } from "../../contract/activity";
import {
  ZONING_INQUIRY_OBJECT,
  type ZoningInquiryPayload,
  type ZoningInquiryResult,
  ZZoningInquiryPayload,
} from "../../contract/zoning-inquiry";
import { newBatch } from "../../data/collection";
import {
  advanceOutboxEntry,
  createOutboxEntryIn,
  type OutboxDoc,
  outboxEntries,
  recordFailedDelivery,
} from "../../data/outbox";
import { addActivityCreated } from "../../data/user-events";
import { markActivitiesChanged } from "../cases/activities.service";

const KIND = "zoningInquiry";
export const MAX_ZONING_INQUIRY_ATTEMPTS = 10;
const outboxId = (entryId: string) => `zoning-${entryId}`;

/** The CRM record of an inquiry: the §3 payload as given, plus the contact and status the dashboard reads. */
export function zoningInquiryRecord(payload: ZoningInquiryPayload): Record<string, unknown> {
  return { ...payload, Contact__c: payload.SFDC_ContactID__c, Status__c: "Submitted" };
}

/**
 * The record an earlier attempt made, if its answer was lost (a timeout after the CRM saved it):
 * the same contact, address and usage, created since the entry was written.
 */
async function alreadyFiled(payload: ZoningInquiryPayload, since: Date, crm: CrmConnector): Promise<string | null> {
  const rows = await crm.query<{ Id: string; Business_Details__c?: unknown }>(
    soql`SELECT Id, Business_Details__c FROM Zoning_Inquiry__c WHERE SFDC_ContactID__c = ${payload.SFDC_ContactID__c} AND Land_Parcel_Master_Address__c = ${payload.Land_Parcel_Master_Address__c} AND CreatedDate >= ${since}`,
  );
  return rows.find((row) => row.Business_Details__c === payload.Business_Details__c)?.Id ?? null;
}

/**
 * Delivers a pending inquiry to the CRM. An outage or a refusal leaves it pending for the retry
 * job (failed after MAX_ZONING_INQUIRY_ATTEMPTS, for staff to see); answers the record's id once sent.
 */
async function deliver(id: string, entry: OutboxDoc, crm: () => CrmConnector): Promise<string | null> {
  const payload = ZZoningInquiryPayload.parse(entry.zoning);
  let recordId: string;
  try {
    const connector = crm();
    // A retry first looks for the record a lost answer may have hidden, so nothing is filed twice.
    const earlier =
      entry.attempts > 0 && entry.createdAt ? await alreadyFiled(payload, entry.createdAt.toDate(), connector) : null;
    recordId = earlier ?? (await connector.create(ZONING_INQUIRY_OBJECT, zoningInquiryRecord(payload)));
  } catch (error) {
    await recordFailedDelivery(id, entry.attempts, MAX_ZONING_INQUIRY_ATTEMPTS, error);
    return null;
  }
  await advanceOutboxEntry(id, "pending", {
    status: "sent",
    attempts: entry.attempts + 1,
    crmId: recordId,
    lastError: null,
  });
  if (entry.uid) await markActivitiesChanged(entry.uid);
  return recordId;
}

/**
 * Files a resident's zoning inquiry: written to the outbox first, then sent to the CRM. With the
 * CRM down the resident is told it was received; the retry job sends it later.
 */
export async function submitZoningInquiry(
  input: { uid: string; activity: Pick<Activity, "Id" | "Item" | "Action">; payload: ZoningInquiryPayload },
  crm: () => CrmConnector = crmConnector,
): Promise<ZoningInquiryResult> {
  const entryId = randomUUID();
  const id = outboxId(entryId);
  const entry = {
    kind: KIND,
    status: "pending",
    attempts: 0,
    entryId,
    uid: input.uid,
    activityId: input.activity.Id,
    contactId: input.payload.SFDC_ContactID__c,
    objectName: ZONING_INQUIRY_OBJECT,
    zoning: input.payload,
    lastError: null,
  };
  // The resident's CreateActivity event (admin user view, noActivities audience) lands with the entry.
  const batch = newBatch();
  createOutboxEntryIn(batch, id, entry);
  addActivityCreated(batch, {
    uid: input.uid,
    action: input.activity.Action,
    activityId: input.activity.Id,
    itemName: input.activity.Item,
    reference: id,
    data: { zoningInquiry: entryId },
  });
  await batch.commit();
  const recordId = await deliver(id, { ...entry, createdAt: null } as unknown as OutboxDoc, crm);
  return recordId ? { status: "sent", id: recordId } : { status: "received" };
}

/** The retry job: every pending inquiry. */
export async function deliverPendingZoningInquiries(): Promise<{ sent: number; pending: number }> {
  const pending = await outboxEntries(KIND, "pending", 50);
  let sent = 0;
  for (const entry of pending) {
    if (entry.entryId && (await deliver(outboxId(entry.entryId), entry, crmConnector))) sent++;
  }
  return { sent, pending: pending.length - sent };
}
