import { randomUUID } from "node:crypto";
import { crmConnector } from "../../connectors/crm/connection";
import type { CrmConnector } from "../../connectors/crm/types";
import type { AdditionalInformationResult } from "../../contract/activity-detail";
import type { DashboardObject } from "../../contract/activity-objects";
import { text } from "../../data/fields";
import {
  advanceOutboxEntry,
  createOutboxEntry,
  type OutboxDoc,
  outboxEntries,
  outboxEntriesForRecord,
  recordFailedDelivery,
} from "../../data/outbox";
import { markActivitiesChanged } from "./activities.service";

const KIND = "additionalInformation";
export const MAX_ADDITIONAL_INFORMATION_ATTEMPTS = 10;
/** Salesforce's long text area limit. */
const CRM_TEXT_LIMIT = 131_072;

/** A resident's answer to "action required", on its way to the CRM (DESIGN.md: outbox first). */
export interface AdditionalInformation {
  entryId: string;
  uid: string;
  objectName: DashboardObject;
  recordId: string;
  text: string;
  documents: string[];
}

const outboxId = (entryId: string) => `addinfo-${entryId}`;

/** True while an answer for the record waits for the CRM: the request is already answered. */
export async function hasAdditionalInformationWaiting(recordId: string): Promise<boolean> {
  return (await outboxEntriesForRecord(KIND, "pending", recordId)).length > 0;
}

/** What the CRM record gets: the answer, with its reference so a retry never adds it twice. */
export function additionalInformationEntry(answer: AdditionalInformation, receivedAt: Date): string {
  const documents = answer.documents.length > 0 ? `\nDocuments in the file box: ${answer.documents.join(", ")}` : "";
  return `[${receivedAt.toISOString()}, portal ref ${answer.entryId}]\n${answer.text}${documents}`;
}

/**
 * Sends one answer: appends it to the record's additional information and clears action
 * required. The entry's reference in the text makes a repeat after a lost acknowledgement a no-op.
 */
async function sendToCrm(answer: AdditionalInformation, crm: CrmConnector, receivedAt: Date): Promise<void> {
  const record = await crm.retrieve(answer.objectName, answer.recordId);
  const current = text(record.Additional_Information__c) ?? "";
  if (current.includes(`portal ref ${answer.entryId}]`)) {
    if (record.Action_Required__c === true)
      await crm.update(answer.objectName, answer.recordId, { Action_Required__c: false });
    return;
  }
  const entry = additionalInformationEntry(answer, receivedAt);
  const combined = (current ? `${current}\n\n${entry}` : entry).slice(-CRM_TEXT_LIMIT);
  await crm.update(answer.objectName, answer.recordId, {
    Additional_Information__c: combined,
    Action_Required__c: false,
  });
}

const answerOf = (entry: OutboxDoc): AdditionalInformation => ({
  entryId: String(entry.entryId),
  uid: String(entry.uid),
  objectName: String(entry.objectName) as DashboardObject,
  recordId: String(entry.recordId),
  text: String(entry.text ?? ""),
  documents: entry.documents ?? [],
});

/**
 * Delivers a pending entry. An outage or a refusal leaves it pending for the retry job (failed
 * after MAX_ADDITIONAL_INFORMATION_ATTEMPTS, for staff to see); answers whether it was sent.
 */
async function deliver(entry: OutboxDoc, crm: () => CrmConnector): Promise<boolean> {
  const answer = answerOf(entry);
  const id = outboxId(answer.entryId);
  const receivedAt = entry.createdAt?.toDate() ?? new Date();
  try {
    await sendToCrm(answer, crm(), receivedAt);
  } catch (error) {
    await recordFailedDelivery(id, entry.attempts, MAX_ADDITIONAL_INFORMATION_ATTEMPTS, error);
    return false;
  }
  // Another delivery (the job, a page view) may have sent it meanwhile; either way it is sent.
  await advanceOutboxEntry(id, "pending", { status: "sent", attempts: entry.attempts + 1, lastError: null });
  await markActivitiesChanged(answer.uid);
  return true;
}

/** Records the answer first, then tries the CRM; the resident is told it was received either way. */
export async function submitAdditionalInformation(
  input: Omit<AdditionalInformation, "entryId">,
  crm: () => CrmConnector = crmConnector,
): Promise<AdditionalInformationResult> {
  const entryId = randomUUID();
  const entry = {
    kind: KIND,
    status: "pending",
    attempts: 0,
    entryId,
    uid: input.uid,
    objectName: input.objectName,
    recordId: input.recordId,
    text: input.text,
    documents: input.documents,
    lastError: null,
  };
  await createOutboxEntry(outboxId(entryId), entry);
  const sent = await deliver({ ...entry, createdAt: null } as unknown as OutboxDoc, crm);
  return { status: sent ? "sent" : "received" };
}

/** Sends what waits for one record (a page view of it after an outage), quietly. */
export async function deliverWaitingFor(recordId: string, crm: () => CrmConnector = crmConnector): Promise<void> {
  for (const entry of await outboxEntriesForRecord(KIND, "pending", recordId)) await deliver(entry, crm);
}

/** The retry job: every pending answer, oldest first as stored. */
export async function deliverPendingAdditionalInformation(): Promise<{ sent: number; pending: number }> {
  const pending = await outboxEntries(KIND, "pending", 50);
  let sent = 0;
  for (const entry of pending) if (await deliver(entry, crmConnector)) sent++;
  return { sent, pending: pending.length - sent };
}
