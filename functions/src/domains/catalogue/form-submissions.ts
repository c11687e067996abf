import { randomUUID } from "node:crypto";
import { FieldValue } from "firebase-admin/firestore";
import { ConnectorError } from "../../connectors/connector-error";
import { crmConnector } from "../../connectors/crm/connection";
import type { CrmConnector } from "../../connectors/crm/types";
import { formsConnector } from "../../connectors/forms/connection";
import type { FormsConnector } from "../../connectors/forms/types";
import { db } from "../../platform/firebase";
import { badRequest, forbidden, notFound } from "../../platform/http/api-error";
import { describeObjectFields } from "../salesforce/activity-fields.routes";
import { activitiesCollection, toActivity } from "./activities-store";

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

/** The catalogue service that uses this form process, if any (the quick permit has none). */
async function serviceForProcess(bpid: string) {
  const snapshot = await activitiesCollection().where("LaserficheProcessId", "==", bpid).limit(1).get();
  const doc = snapshot.docs[0];
  return doc ? toActivity(doc.id, doc.data()) : null;
}

/** Mints the id a hosted form reports back on submit, bound to the user and the process. */
export async function issueSubmission(input: { uid: string; bpid: string }): Promise<string> {
  const portalSubmissionId = randomUUID();
  await db().collection("outbox").doc(outboxId(portalSubmissionId)).create({
    kind: "formSubmission",
    portalSubmissionId,
    bpid: input.bpid,
    uid: input.uid,
    status: "issued",
    attempts: 0,
    createdAt: FieldValue.serverTimestamp(),
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
  const ref = db().collection("outbox").doc(outboxId(input.portalSubmissionId));
  const existing = await ref.get();
  if (!existing.exists || existing.get("kind") !== "formSubmission") throw notFound("No such form submission.");
  if (existing.get("uid") !== input.uid) throw forbidden("This submission is not yours.");
  if (existing.get("bpid") !== input.bpid) throw badRequest("The process does not match.", { "body.bpid": "Invalid" });
  if (existing.get("status") !== "issued") return existing.data() as FormSubmission;
  const service = await serviceForProcess(input.bpid);
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
  const recorded = await db().runTransaction(async (tx) => {
    const current = await tx.get(ref);
    if (current.get("status") !== "issued") return false;
    tx.update(ref, {
      ...submission,
      submittedAt: FieldValue.serverTimestamp(),
      updatedAt: FieldValue.serverTimestamp(),
    });
    return true;
  });
  return recorded ? submission : ((await ref.get()).data() as FormSubmission);
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
  const ref = db().collection("outbox").doc(outboxId(submission.portalSubmissionId));
  let current = submission;
  try {
    if (!current.form) {
      current = { ...current, form: await readSubmittedForm(current, connectors.forms()) };
      await ref.update({ form: current.form, updatedAt: FieldValue.serverTimestamp() });
    }
    const crmId = await connectors.crm().create(current.objectName, await crmFields(current));
    const sent = { ...current, status: "sent" as const, crmId, attempts: current.attempts + 1, lastError: null };
    await ref.update({
      status: "sent",
      crmId,
      attempts: sent.attempts,
      lastError: null,
      updatedAt: FieldValue.serverTimestamp(),
    });
    return sent;
  } catch (error) {
    const attempts = current.attempts + 1;
    const status = attempts >= MAX_DELIVERY_ATTEMPTS ? "failed" : "pending";
    const lastError =
      error instanceof ConnectorError ? `${error.system} ${error.kind}: ${error.message}` : String(error);
    await ref.update({ status, attempts, lastError, updatedAt: FieldValue.serverTimestamp() });
    return { ...current, status, attempts, lastError };
  }
}

/** The retry job: sends every pending submission again. */
export async function deliverPendingSubmissions(): Promise<{ sent: number; pending: number }> {
  const snapshot = await db()
    .collection("outbox")
    .where("kind", "==", "formSubmission")
    .where("status", "==", "pending")
    .limit(50)
    .get();
  let sent = 0;
  for (const doc of snapshot.docs) {
    const result = await deliverSubmission(doc.data() as FormSubmission);
    if (result.status === "sent") sent++;
  }
  return { sent, pending: snapshot.size - sent };
}
