import { randomUUID } from "node:crypto";
import { FieldValue } from "firebase-admin/firestore";
import { crmConnector } from "../../connectors/crm/connection";
import type { CrmConnector } from "../../connectors/crm/types";
import { formsConnector } from "../../connectors/forms/connection";
import type { FormsConnector } from "../../connectors/forms/types";
import { activityForProcess } from "../../data/activities";
import {
  advanceOutboxEntry,
  createOutboxEntry,
  outboxEntries,
  readOutboxEntry,
  recordFailedDelivery,
  updateOutboxEntry,
} from "../../data/outbox";
import { recordActivityCreated } from "../../data/user-events";
import { badRequest, forbidden, notFound } from "../../platform/http/api-error";
import { describeObjectFields } from "../cases/activity-fields.service";

/** An embedded-form submission on its way to the CRM (DESIGN.md: outbox first, then sent, retried by a job). */
export interface FormSubmission {
  kind: "formSubmission";
  portalSubmissionId: string;
  bpid: string;
  uid: string;
  contactId: string | null;
  activityId: string | null;
  activityName: string | null;
  objectName: string;
  status: "pending" | "sent" | "failed";
  attempts: number;
  lastError: string | null;
  crmId: string | null;
  /** What the forms service recorded (read back on delivery; null until it answered). */
  form: SubmittedForm | null;
}

/** The applicant's answers and the fee, as the forms service recorded them. */
export interface SubmittedForm {
  processName: string;
  feeTotalCents: number;
  fields: Record<string, string>;
}

export const MAX_DELIVERY_ATTEMPTS = 10;
const outboxId = (portalSubmissionId: string) => `form-${portalSubmissionId}`;

/** The CRM and the forms service; tests pass their own. */
export interface DeliveryConnectors {
  crm: () => CrmConnector;
  forms: () => FormsConnector;
}
const defaultConnectors: DeliveryConnectors = { crm: crmConnector, forms: formsConnector };

/** Mints the id a hosted form reports back on submit, bound to the user and the process. */
export async function issueSubmission(input: { uid: string; bpid: string }): Promise<string> {
  const portalSubmissionId = randomUUID();
  await createOutboxEntry(outboxId(portalSubmissionId), {
    kind: "formSubmission",
    portalSubmissionId,
    bpid: input.bpid,
    uid: input.uid,
    status: "issued",
    attempts: 0,
  });
  return portalSubmissionId;
}

/**
 * Records a submission of a form the user opened: the issued record becomes pending (to be sent
 * to the CRM). A repeat answers the stored record; another user's id is refused.
 */
export async function recordSubmission(input: {
  portalSubmissionId: string;
  bpid: string;
  uid: string;
  contactId: string | null;
}): Promise<FormSubmission> {
  const id = outboxId(input.portalSubmissionId);
  const existing = await readOutboxEntry(id);
  if (existing?.kind !== "formSubmission") throw notFound("No such form submission.");
  if (existing.uid !== input.uid) throw forbidden("This submission is not yours.");
  if (existing.bpid !== input.bpid) throw badRequest("The process does not match.", { "body.bpid": "Invalid" });
  if (existing.status !== "issued") return existing as unknown as FormSubmission;
  const service = await activityForProcess(input.bpid);
  const submission: FormSubmission = {
    kind: "formSubmission",
    portalSubmissionId: input.portalSubmissionId,
    bpid: input.bpid,
    uid: input.uid,
    contactId: input.contactId,
    activityId: service?.Id ?? null,
    activityName: service?.Item ?? null,
    objectName: service?.SalesforceObjectId ?? "Case",
    status: "pending",
    attempts: 0,
    lastError: null,
    crmId: null,
    form: null,
  };
  const recorded = await advanceOutboxEntry(id, "issued", { ...submission, submittedAt: FieldValue.serverTimestamp() });
  if (!recorded) return (await readOutboxEntry(id)) as unknown as FormSubmission;
  // The resident's CreateActivity event (admin user view, noActivities audience); once per submission.
  await recordActivityCreated({
    uid: input.uid,
    action: service?.Action ?? "APPLY_FOR",
    activityId: service?.Id ?? null,
    itemName: service?.Item ?? `Online form ${input.bpid}`,
    reference: id,
    data: { portalSubmissionId: input.portalSubmissionId, bpid: input.bpid },
  });
  return submission;
}

/** Salesforce's long text area limit. */
const DESCRIPTION_LIMIT = 32_000;

/** The case description: the submission and each answer of the applicant on its own line. */
export function submissionDescription(submission: Pick<FormSubmission, "portalSubmissionId" | "bpid" | "form">) {
  const heading = `Online form submission ${submission.portalSubmissionId} (process ${submission.bpid})`;
  const answers = Object.entries(submission.form?.fields ?? {})
    .filter(([, value]) => value !== "")
    .map(([name, value]) => `${name}: ${value}`);
  const fee = submission.form?.feeTotalCents ? [`Fee: $${(submission.form.feeTotalCents / 100).toFixed(2)}`] : [];
  return [heading, ...answers, ...fee].join("\n").slice(0, DESCRIPTION_LIMIT);
}

/** The CRM record of a submission: the contact, a status and the answers, plus a subject on cases. */
async function crmFields(submission: FormSubmission): Promise<Record<string, unknown>> {
  const title = submission.activityName ?? (submission.form?.processName || `Online form ${submission.bpid}`);
  const description = submissionDescription(submission);
  const wanted: Record<string, unknown> =
    submission.objectName === "Case"
      ? { ContactId: submission.contactId, Subject: title, Description: description, Origin: "Portal", Status: "New" }
      : { Contact__c: submission.contactId, Status__c: "Submitted", Description__c: description };
  // Only fields the object has: the CRM refuses unknown columns (describe is cached).
  const known = new Set((await describeObjectFields(submission.objectName)).map((field) => field.name));
  return Object.fromEntries(Object.entries(wanted).filter(([name, value]) => known.has(name) && value !== null));
}

/** Reads the answers back from the forms service: the page's message alone is not trusted. */
async function readSubmittedForm(submission: FormSubmission, forms: FormsConnector): Promise<SubmittedForm> {
  const found = await forms.submission(submission.portalSubmissionId, submission.bpid);
  return { processName: found.processName, feeTotalCents: found.feeTotalCents, fields: found.fields };
}

/**
 * Sends one recorded submission to the CRM, with the answers read back from the forms service.
 * An outage of either leaves it pending for the retry job (answers already read are kept); a
 * refusal is retried too, up to MAX_DELIVERY_ATTEMPTS, then marked failed for staff to see.
 */
export async function deliverSubmission(
  submission: FormSubmission,
  connectors: DeliveryConnectors = defaultConnectors,
): Promise<FormSubmission> {
  if (submission.status !== "pending") return submission;
  const id = outboxId(submission.portalSubmissionId);
  let current = submission;
  try {
    if (!current.form) {
      current = { ...current, form: await readSubmittedForm(current, connectors.forms()) };
      await updateOutboxEntry(id, { form: current.form });
    }
    const crmId = await connectors.crm().create(current.objectName, await crmFields(current));
    const sent = { ...current, status: "sent" as const, crmId, attempts: current.attempts + 1, lastError: null };
    await updateOutboxEntry(id, { status: "sent", crmId, attempts: sent.attempts, lastError: null });
    return sent;
  } catch (error) {
    return { ...current, ...(await recordFailedDelivery(id, current.attempts, MAX_DELIVERY_ATTEMPTS, error)) };
  }
}

/** The retry job: sends every pending submission again. */
export async function deliverPendingSubmissions(): Promise<{ sent: number; pending: number }> {
  const pending = await outboxEntries("formSubmission", "pending", 50);
  let sent = 0;
  for (const entry of pending) {
    const result = await deliverSubmission(entry as unknown as FormSubmission);
    if (result.status === "sent") sent++;
  }
  return { sent, pending: pending.length - sent };
}
