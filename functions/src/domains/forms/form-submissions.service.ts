import { randomUUID } from "node:crypto";
import { FieldValue } from "firebase-admin/firestore";
import { z } from "zod";
import { crmConnector } from "../../connectors/crm/connection";
import { soql, soqlName } from "../../connectors/crm/soql";
import { formsConnector } from "../../connectors/forms/connection";
import { activityForProcess } from "../../data/activities";
import { advanceOutboxEntry, createOutboxEntry, readOutboxEntry } from "../../data/outbox";
import { recordActivityCreated } from "../../data/user-events";
import { badRequest, forbidden, notFound } from "../../platform/http/api-error";
import { describeObjectFields } from "../cases/activity-fields.service";
import { deliverDue, deliverOutboxEntry, type OutboxKind } from "../outbox/outbox-runner";

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
  status: "issued" | "pending" | "sending" | "sent" | "failed";
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

/** A submission's outbox entry as stored (issued, then recorded and sent). */
const ZFormSubmission = z.object({
  kind: z.literal("formSubmission"),
  portalSubmissionId: z.string(),
  bpid: z.string(),
  uid: z.string(),
  contactId: z
    .string()
    .nullish()
    .transform((value) => value ?? null),
  activityId: z
    .string()
    .nullish()
    .transform((value) => value ?? null),
  activityName: z
    .string()
    .nullish()
    .transform((value) => value ?? null),
  objectName: z.string().catch("Case"),
  status: z.enum(["issued", "pending", "sending", "sent", "failed"]).catch("failed"),
  attempts: z.number().catch(0),
  lastError: z
    .string()
    .nullish()
    .transform((value) => value ?? null),
  crmId: z
    .string()
    .nullish()
    .transform((value) => value ?? null),
  form: z
    .object({ processName: z.string(), feeTotalCents: z.number(), fields: z.record(z.string(), z.string()) })
    .nullish()
    .transform((value) => value ?? null),
});

/** The stored submission of an outbox id, or undefined when there is none (or it is another kind). */
export async function readFormSubmission(portalSubmissionId: string): Promise<FormSubmission | undefined> {
  const parsed = ZFormSubmission.safeParse(await readOutboxEntry(outboxId(portalSubmissionId)));
  return parsed.success ? parsed.data : undefined;
}

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
  const existing = await readFormSubmission(input.portalSubmissionId);
  if (!existing) throw notFound("No such form submission.");
  if (existing.uid !== input.uid) throw forbidden("This submission is not yours.");
  if (existing.bpid !== input.bpid) throw badRequest("The process does not match.", { "body.bpid": "Invalid" });
  if (existing.status !== "issued") return existing;
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
  if (!recorded) return (await readFormSubmission(input.portalSubmissionId)) ?? existing;
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

/** The description's first line: names the submission (its id is unique). */
const submissionHeading = (submission: Pick<FormSubmission, "portalSubmissionId" | "bpid">) =>
  `Online form submission ${submission.portalSubmissionId} (process ${submission.bpid})`;

/** Salesforce's long text area limit. */
const DESCRIPTION_LIMIT = 32_000;

/** The case description: the submission and each answer of the applicant on its own line. */
export function submissionDescription(submission: Pick<FormSubmission, "portalSubmissionId" | "bpid" | "form">) {
  const heading = submissionHeading(submission);
  const answers = Object.entries(submission.form?.fields ?? {})
    .filter(([, value]) => value !== "")
    .map(([name, value]) => `${name}: ${value}`);
  const fee = submission.form?.feeTotalCents ? [`Fee: $${(submission.form.feeTotalCents / 100).toFixed(2)}`] : [];
  return [heading, ...answers, ...fee].join("\n").slice(0, DESCRIPTION_LIMIT);
}

/** The fields a submission's CRM record keeps its contact and its description in. */
const recordFieldNames = (objectName: string) =>
  objectName === "Case"
    ? { contact: "ContactId", description: "Description" }
    : { contact: "Contact__c", description: "Description__c" };

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
async function readSubmittedForm(submission: FormSubmission): Promise<SubmittedForm> {
  const found = await formsConnector().submission(submission.portalSubmissionId, submission.bpid);
  return { processName: found.processName, feeTotalCents: found.feeTotalCents, fields: found.fields };
}

/**
 * The submission's way to the CRM (outbox-runner.ts retries it, outages and refusals alike, up to
 * MAX_DELIVERY_ATTEMPTS, then failed for staff to see): the answers are read back from the forms
 * service (kept on the entry once read), then the CRM record is created.
 */
export const formSubmissionOutbox: OutboxKind<FormSubmission> = {
  kind: "formSubmission",
  schema: ZFormSubmission,
  maxAttempts: MAX_DELIVERY_ATTEMPTS,
  // The record a lost answer may have hidden. The forms service cannot tell (it knows the answers,
  // not the CRM record), and the submission id is only in the record's long-text description, which
  // SOQL cannot filter on; so the contact's records of that object created since the entry was
  // written are read, and the one whose description starts with this submission's heading is it.
  // Without a contact (or the object lacks the fields) there is nothing to narrow by: it files again.
  alreadyDelivered: async (submission, { createdAt }) => {
    if (!createdAt || !submission.contactId) return null;
    const { contact, description } = recordFieldNames(submission.objectName);
    const known = new Set((await describeObjectFields(submission.objectName)).map((field) => field.name));
    if (!known.has(contact) || !known.has(description)) return null;
    const rows = await crmConnector().query<Record<string, unknown> & { Id: string }>(
      soql`SELECT Id, ${soqlName(description)} FROM ${soqlName(submission.objectName)} WHERE ${soqlName(contact)} = ${submission.contactId} AND CreatedDate >= ${createdAt}`,
    );
    const heading = submissionHeading(submission);
    const found = rows.find((row) => String(row[description] ?? "").split("\n")[0] === heading);
    return found ? { crmId: found.Id } : null;
  },
  deliver: async (submission, { save }) => {
    let current = submission;
    if (!current.form) {
      current = { ...current, form: await readSubmittedForm(current) };
      await save({ form: current.form });
    }
    const crmId = await crmConnector().create(current.objectName, await crmFields(current));
    return { form: current.form, crmId };
  },
};

/** Sends one recorded submission now (the resident's request); the job retries what this leaves. */
export async function deliverSubmission(submission: FormSubmission): Promise<FormSubmission> {
  if (submission.status !== "pending") return submission;
  const outcome = await deliverOutboxEntry(formSubmissionOutbox, outboxId(submission.portalSubmissionId), {
    background: false,
  });
  if (outcome.status === "busy") return submission;
  return (await readFormSubmission(submission.portalSubmissionId)) ?? submission;
}

/** The retry job's part for form submissions: every due one. */
export async function deliverPendingSubmissions(): Promise<{ sent: number; pending: number }> {
  return deliverDue(formSubmissionOutbox);
}
