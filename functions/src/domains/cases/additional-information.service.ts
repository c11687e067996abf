import { randomUUID } from "node:crypto";
import { z } from "zod";
import { crmConnector } from "../../connectors/crm/connection";
import { type AdditionalInformationResult, ZActivityType } from "../../contract/activity-detail";
import type { DashboardObject } from "../../contract/activity-objects";
import { text } from "../../data/fields";
import { createOutboxEntry, outboxEntriesForRecord } from "../../data/outbox";
import {
  deliverDue,
  deliverOutboxEntry,
  deliverWaitingForRecord,
  heldClaim,
  type OutboxKind,
} from "../outbox/outbox-runner";
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

/** The answer's outbox entry. */
const ZAdditionalInformationEntry = z.object({
  entryId: z.string(),
  uid: z.string(),
  objectName: ZActivityType,
  recordId: z.string(),
  text: z.string().catch(""),
  documents: z.array(z.string()).catch([]),
});

/** The record as the CRM has it, and whether it holds this answer already (its reference is in the text). */
async function recordWith(answer: AdditionalInformation) {
  const record = await crmConnector().retrieve(answer.objectName, answer.recordId);
  const current = text(record.Additional_Information__c) ?? "";
  return { record, current, holdsAnswer: current.includes(`portal ref ${answer.entryId}]`) };
}

/**
 * The answer's way to the CRM (outbox-runner.ts retries it; failed after
 * MAX_ADDITIONAL_INFORMATION_ATTEMPTS): appended to the record's additional information, which
 * clears action required. The entry's reference in the text makes a repeat a no-op.
 */
export const additionalInformationOutbox: OutboxKind<AdditionalInformation> = {
  kind: KIND,
  schema: ZAdditionalInformationEntry,
  maxAttempts: MAX_ADDITIONAL_INFORMATION_ATTEMPTS,
  alreadyDelivered: async (answer) => {
    const { record, holdsAnswer } = await recordWith(answer);
    if (!holdsAnswer) return null;
    if (record.Action_Required__c === true) {
      await crmConnector().update(answer.objectName, answer.recordId, { Action_Required__c: false });
    }
    return {};
  },
  deliver: async (answer, { createdAt }) => {
    const { current, holdsAnswer } = await recordWith(answer);
    if (holdsAnswer) return {};
    const entry = additionalInformationEntry(answer, createdAt ?? new Date());
    const combined = (current ? `${current}\n\n${entry}` : entry).slice(-CRM_TEXT_LIMIT);
    await crmConnector().update(answer.objectName, answer.recordId, {
      Additional_Information__c: combined,
      Action_Required__c: false,
    });
    return {};
  },
  afterDelivery: async (answer) => {
    await markActivitiesChanged(answer.uid);
  },
};

/** Records the answer first, then tries the CRM; the resident is told it was received either way. */
export async function submitAdditionalInformation(
  input: Omit<AdditionalInformation, "entryId">,
): Promise<AdditionalInformationResult> {
  const entryId = randomUUID();
  const entry = {
    kind: KIND,
    entryId,
    uid: input.uid,
    objectName: input.objectName,
    recordId: input.recordId,
    text: input.text,
    documents: input.documents,
    lastError: null,
  };
  // Written claimed by this request, which delivers it next: a job run in between leaves it alone.
  const held = heldClaim();
  await createOutboxEntry(outboxId(entryId), entry, held);
  const outcome = await deliverOutboxEntry(additionalInformationOutbox, outboxId(entryId), {
    background: false,
    held,
  });
  return { status: outcome.status === "sent" ? "sent" : "received" };
}

/** Sends what waits for one record (a page view of it after an outage), quietly. */
export async function deliverWaitingFor(recordId: string): Promise<void> {
  await deliverWaitingForRecord(additionalInformationOutbox, recordId);
}

/** The retry job's part for answers: every due one. */
export async function deliverPendingAdditionalInformation(): Promise<{ sent: number; pending: number }> {
  return deliverDue(additionalInformationOutbox);
}
