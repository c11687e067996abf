import { randomUUID } from "node:crypto";
import { z } from "zod";
import { crmConnector } from "../../connectors/crm/connection";
import { soql } from "../../connectors/crm/soql";
import { isCompletedStatus } from "../../contract/case-status";
import type { FixedAnswerInput, FixedAnswerResult, FixedQuestion } from "../../contract/case-updates";
import { FOLLOWED_CASE } from "../../contract/reports";
import {
  claimCaseFollowUpAnswer,
  dueCaseFollowUps,
  markCaseFollowUpAsked,
  openCaseFollowUpsOf,
  planCaseFollowUp,
  readCaseFollowUp,
  undoCaseFollowUpAnswer,
} from "../../data/case-follow-ups";
import { readJobState, writeJobState } from "../../data/job-state";
import type { MessageChannel } from "../../data/messages";
import { createOutboxEntry } from "../../data/outbox";
import { followersOf } from "../../data/report-followers";
import { readUser, type UserDoc, usersOfContacts, usersWhere } from "../../data/users";
import { ApiError, conflict, notFound } from "../../platform/http/api-error";
import type { Principal } from "../../platform/http/principal";
import { requestLogger } from "../../platform/logger";
import { portalOrigin } from "../../platform/portal-url";
import { markActivitiesChanged } from "../cases/activities.service";
import { recipientsOf } from "../message-preferences/message-preferences.service";
import { sendMessage } from "../messages/message.service";
import type { TemplateData, TemplateName } from "../messages/message-templates";
import { deliverOutboxEntry, heldClaim, type OutboxKind } from "../outbox/outbox-runner";
import type { FixedByText } from "../text-messages/texts";

/**
 * Case updates by the person's own channels (issue 29), and closing the loop (issue 33, after
 * FixMyStreet): the resident who filed a case and everyone who follows it ("me too") hear of each
 * status change by the channels they chose for case updates (in-app, email, text); a closed case
 * asks them four weeks later "Is it fixed?", and "no" reopens it in the CRM with their note.
 *
 * The feed is the CRM's own record of status changes (Status_History__c, the case page's timeline),
 * read by the `case-updates` job from where its last run stopped. Every message's id is derived
 * from the history row and the person, so a row read twice sends nothing more.
 */

/** How long after a case closed the city asks whether it is fixed. */
export const FIXED_QUESTION_AFTER_DAYS = 28;
const DAY_MS = 86_400_000;
/** The statuses after which "Is it fixed?" makes sense (not Cancelled or Rejected: nothing was done). */
const DONE_STATUSES: readonly string[] = ["Closed", "Complete", "Completed"];
/** History rows per query; a run reads page after page until it catches up. */
const PAGE = 200;
const JOB = "case-updates";

type About = { sObjectType: "Case" | typeof FOLLOWED_CASE; salesforceId: string };
type Person = { uid: string; data: UserDoc | undefined };

const caseLink = (caseId: string) => `${portalOrigin()}/activity-view/Case/${encodeURIComponent(caseId)}`;
/** A followed case's public page (issue 33): a follower may not open the case page, which is the filer's. */
const followedCaseLink = (caseId: string) => `${portalOrigin()}/reports/${encodeURIComponent(caseId)}`;

/**
 * One message to one person on each channel they chose for case updates; `idBase` makes it once
 * per what it is about. In-app messages link to the case. Answers how many were written.
 */
async function tellPeople<T extends TemplateName>(
  people: Person[],
  template: T,
  data: TemplateData<T>,
  idBase: (uid: string) => string,
  about: About,
  /** The template a text uses instead, with the same data (a text can be answered by a reply). */
  textTemplate?: TemplateName,
): Promise<number> {
  const channels = await recipientsOf(people, "cases");
  let written = 0;
  for (const { uid, data: user } of people) {
    const chosen = channels.get(uid);
    if (!chosen) continue;
    const language = user?.Language === "es" ? "es" : "en";
    const sends: [MessageChannel, { email?: string | null; phone?: string | null }][] = [];
    if (chosen.channels.inApp) sends.push(["inApp", {}]);
    if (chosen.channels.email && user?.Email) sends.push(["email", { email: user.Email }]);
    if (chosen.textPhone) sends.push(["sms", { phone: chosen.textPhone }]);
    for (const [channel, address] of sends) {
      // Tried at once (the job or the filing runs in the background); a failure waits in the outbox.
      const name = (channel === "sms" && textTemplate ? textTemplate : template) as T;
      await sendMessage({ uid, language, ...address }, name, data, channel, {
        id: `${idBase(uid)}-${channel}`,
        about,
        deliverNow: true,
      });
      written++;
    }
  }
  return written;
}

/**
 * A report the portal only "received" was filed later: the resident hears its case number by her
 * case-update channels (in-app by default).
 */
export async function tellCaseNumber(uid: string, reportId: string, caseId: string, caseNumber: string): Promise<void> {
  await tellPeople(
    [{ uid, data: await readUser(uid) }],
    "caseNumber",
    { caseNumber, link: caseLink(caseId) },
    () => `case-number-${reportId}`,
    { sObjectType: "Case", salesforceId: caseId },
  );
}

type HistoryRow = {
  Id: string;
  Parent_Record_Id__c: string;
  Old_Status__c: string | null;
  New_Status__c: string | null;
  Changed_Date__c: string;
};
type CaseRow = { Id: string; CaseNumber: string; ContactId: string | null };

/** The CRM writes datetimes as 2026-11-01T15:00:00.000+0000. */
const instantOf = (value: string): Date => new Date(Date.parse(value.replace(/\+0000$/, "Z")));

/**
 * Everyone to tell about a case: the contact's portal users (who may open the case page) and its
 * followers (who said "me too" and may not: their messages link to the case's public page).
 */
async function peopleOf(cases: CaseRow[]): Promise<Map<string, { owners: Person[]; followers: Person[] }>> {
  const contacts = cases.map((row) => row.ContactId).filter((id): id is string => Boolean(id));
  const [users, following] = await Promise.all([
    contacts.length > 0 ? usersOfContacts(contacts) : [],
    followersOf(cases.map((row) => row.Id)),
  ]);
  const result = new Map<string, { owners: Person[]; followers: Person[] }>();
  for (const row of cases) {
    const owners = users.filter((user) => user.data.SalesforceId === row.ContactId);
    const followers: Person[] = [];
    for (const uid of following.get(row.Id) ?? []) {
      if (!owners.some((owner) => owner.uid === uid)) followers.push({ uid, data: await readUser(uid) });
    }
    result.set(row.Id, { owners, followers });
  }
  return result;
}

/** One status change: its message to everyone concerned, and for a done case the owners' question planned. */
async function tellStatusChange(
  row: HistoryRow,
  found: CaseRow,
  people: { owners: Person[]; followers: Person[] },
): Promise<number> {
  const status = String(row.New_Status__c);
  const template = isCompletedStatus(status) ? "caseClosed" : "caseUpdate";
  const willAsk = DONE_STATUSES.includes(status);
  const caseNumber = String(found.CaseNumber);
  const about: About = { sObjectType: "Case", salesforceId: found.Id };
  const idBase = (uid: string) => `case-update-${row.Id}-${uid}`;
  let written = await tellPeople(
    people.owners,
    template,
    { caseNumber, status, link: caseLink(found.Id), willAsk },
    idBase,
    about,
  );
  written += await tellPeople(
    people.followers,
    template,
    { caseNumber, status, link: followedCaseLink(found.Id), follower: true },
    idBase,
    { sObjectType: FOLLOWED_CASE, salesforceId: found.Id },
  );
  if (willAsk) {
    const closedAt = instantOf(row.Changed_Date__c);
    for (const { uid } of people.owners) {
      await planCaseFollowUp({
        caseId: found.Id,
        caseNumber,
        uid,
        closedAt,
        askAt: new Date(closedAt.getTime() + FIXED_QUESTION_AFTER_DAYS * DAY_MS),
      });
    }
  }
  return written;
}

/**
 * The job's work: every case status change since the last run (from the CRM's history, page after
 * page), told to the people concerned; then every "Is it fixed?" that is due by `now`.
 */
export async function sendCaseUpdates(
  options: { now?: Date; signal?: AbortSignal } = {},
): Promise<{ changes: number; messages: number; questions: number }> {
  const now = options.now ?? new Date();
  const crm = crmConnector();
  const state = await readJobState(JOB);
  // The first run starts an hour back; later runs where the last one stopped. A row at the very
  // watermark is read again (`>=`): its messages' ids make the repeat a no-op.
  let since = state?.after ? new Date(state.after) : new Date(now.getTime() - 3_600_000);
  let changes = 0;
  let messages = 0;
  for (;;) {
    if (options.signal?.aborted) break;
    const rows = await crm.query<HistoryRow>(
      soql`SELECT Id, Parent_Record_Id__c, Old_Status__c, New_Status__c, Changed_Date__c FROM Status_History__c WHERE Object_Type__c = 'Case' AND Changed_Date__c >= ${since} ORDER BY Changed_Date__c ASC LIMIT ${PAGE}`,
    );
    // Filing (no old status) is told by the case number; a status the row does not name, not at all.
    const changed = rows.filter((row) => row.Old_Status__c && row.New_Status__c);
    const caseIds = [...new Set(changed.map((row) => row.Parent_Record_Id__c))];
    const cases =
      caseIds.length > 0
        ? await crm.query<CaseRow>(soql`SELECT Id, CaseNumber, ContactId FROM Case WHERE Id IN ${caseIds}`)
        : [];
    const byId = new Map(cases.map((row) => [row.Id, row]));
    const people = await peopleOf(cases);
    for (const row of changed) {
      const found = byId.get(row.Parent_Record_Id__c);
      if (!found) continue;
      messages += await tellStatusChange(row, found, people.get(found.Id) ?? { owners: [], followers: [] });
      changes++;
    }
    const last = rows[rows.length - 1];
    const next = last ? instantOf(last.Changed_Date__c) : null;
    const moved = next !== null && next.getTime() > since.getTime();
    if (moved) since = next;
    await writeJobState(JOB, {
      version: 1,
      after: since.toISOString(),
      finishedAt: null,
      scanned: (state?.scanned ?? 0) + rows.length,
      written: (state?.written ?? 0) + messages,
    });
    // A page not full, or one that could not move the watermark (all rows at one instant), ends the run.
    if (rows.length < PAGE || !moved) break;
  }
  const questions = await askFixedQuestions(now);
  return { changes, messages, questions };
}

/** Sends each "Is it fixed?" due by `now` by the person's case-update channels, once. */
export async function askFixedQuestions(now: Date): Promise<number> {
  let asked = 0;
  for (;;) {
    const due = await dueCaseFollowUps(now, PAGE);
    for (const followUp of due) {
      const person = { uid: followUp.uid, data: await readUser(followUp.uid) };
      const caseNumber = followUp.caseNumber ?? "";
      const closedAt = followUp.closedAt?.toMillis() ?? 0;
      await tellPeople(
        [person],
        "caseFixedQuestion",
        { caseNumber, link: caseLink(followUp.caseId) },
        (uid) => `case-fixed-${followUp.caseId}-${uid}-${closedAt}`,
        { sObjectType: "Case", salesforceId: followUp.caseId },
        "caseFixedQuestionText",
      );
      await markCaseFollowUpAsked(followUp.caseId, followUp.uid, now);
      asked++;
    }
    if (due.length < PAGE) return asked;
  }
}

/** The caller's "Is it fixed?" about a case, for the case page: null until it was asked. */
export async function fixedQuestionOf(uid: string, caseId: string): Promise<FixedQuestion | null> {
  const followUp = await readCaseFollowUp(caseId, uid);
  return followUp?.askedAt ? { answer: followUp.answer } : null;
}

const NOT_FIXED = 'The resident answered "no" to the portal\'s question "Is it fixed?"; the case was reopened.';
const NOTE_LINE = "\nTheir note: ";

/** The public comment the CRM keeps when a resident says a closed case is not fixed (staff read it). */
export function notFixedComment(note: string | null): string {
  return note ? `${NOT_FIXED}${NOTE_LINE}${note}` : NOT_FIXED;
}

/** A case comment as the timeline shows it: the resident's own "not fixed" (with her note), or staff's words. */
export function timelineComment(body: string): { kind: "staff" | "notFixed"; text: string } {
  if (!body.startsWith(NOT_FIXED)) return { kind: "staff", text: body };
  const rest = body.slice(NOT_FIXED.length);
  return { kind: "notFixed", text: rest.startsWith(NOTE_LINE) ? rest.slice(NOTE_LINE.length) : "" };
}

/**
 * A "not fixed" answer's way to the CRM, from the case page and from a text reply alike: the public
 * comment with her note, then the case set back to Open. Tried in her request; while the CRM is down it
 * waits in the outbox and the job reopens the case once the CRM answers (retried with backoff). A retry
 * first looks for the comment a lost answer hid, so the comment is written once.
 */
const ZCaseReopenEntry = z.object({
  caseId: z.string(),
  uid: z.string(),
  note: z.string().nullable().catch(null),
  commentId: z.string().nullish(),
});
type CaseReopenEntry = z.output<typeof ZCaseReopenEntry>;
const CASE_REOPEN_KIND = "caseReopen";

export const caseReopenOutbox: OutboxKind<CaseReopenEntry> = {
  kind: CASE_REOPEN_KIND,
  schema: ZCaseReopenEntry,
  // With the runner's backoff (next run, then 1, 2, 4 ... 60 minutes): about a day of outage.
  maxAttempts: 30,
  alreadyDelivered: async (entry, context) => {
    const body = notFixedComment(entry.note);
    const comments = await crmConnector().query<{ Id: string; CommentBody: string | null }>(
      soql`SELECT Id, CommentBody FROM CaseComment WHERE ParentId = ${entry.caseId}`,
    );
    const found = entry.commentId
      ? comments.find((comment) => comment.Id === entry.commentId)
      : comments.find((comment) => comment.CommentBody === body);
    if (!found) return null;
    // The comment is there; the case may not have been set back to Open before the answer was lost.
    await crmConnector().update("Case", entry.caseId, { Status: "Open" });
    await context.save({ commentId: found.Id });
    return { commentId: found.Id };
  },
  deliver: async (entry, context) => {
    const crm = crmConnector();
    const commentId = await crm.create("CaseComment", {
      ParentId: entry.caseId,
      CommentBody: notFixedComment(entry.note),
      IsPublished: true,
    });
    await context.save({ commentId });
    await crm.update("Case", entry.caseId, { Status: "Open" });
    return { commentId };
  },
  afterDelivery: async (entry) => {
    await markActivitiesChanged(entry.uid);
  },
};

/**
 * Writes the reopening of a case (her answer is given back when it cannot be written) and tries it
 * now: true when the CRM took it, false when the job will.
 */
async function reopenThroughOutbox(uid: string, caseId: string, note: string | null): Promise<boolean> {
  const id = `case-reopen-${randomUUID()}`;
  // Written claimed by this request, which delivers it next: a job run in between leaves it alone.
  const held = heldClaim();
  try {
    await createOutboxEntry(id, { kind: CASE_REOPEN_KIND, caseId, uid, note, lastError: null }, held);
  } catch (error) {
    await undoCaseFollowUpAnswer(caseId, uid);
    throw error;
  }
  const outcome = await deliverOutboxEntry(caseReopenOutbox, id, { background: false, held });
  return outcome.status === "sent";
}

/**
 * The resident's answer to "Is it fixed?", once, on the case page or by text: "yes" is recorded; "no"
 * reopens the case in the CRM (status Open) with a public comment holding her note, which the case
 * page's timeline shows. 404 when she was not asked about this case, 409 when she already answered.
 * "No" is kept while the CRM is down: the reopening goes through the outbox (kind `caseReopen`), now or
 * by the job once the CRM answers, and `reopened` says whether it is done already. Only a failure to
 * keep it (the outbox entry not written) gives her answer back.
 */
export async function answerFixedQuestion(
  user: Pick<Principal, "uid">,
  caseId: string,
  input: FixedAnswerInput,
): Promise<FixedAnswerResult> {
  const { answer } = input;
  const note = input.note?.trim() || null;
  const claimed = await claimCaseFollowUpAnswer(caseId, user.uid, answer, note);
  if (claimed === "notAsked") throw notFound("There is no question about this case for you.");
  if (claimed === "alreadyAnswered") throw conflict("You already answered this question.");
  if (answer === "fixed") return { answer };
  return { answer, reopened: await reopenThroughOutbox(user.uid, caseId, note) };
}

/**
 * "Is it fixed?" answered by replying FIXED or NOT FIXED to the text (issue 29). The sender is the
 * one user whose confirmed text number it is, and the question is her one open question (asked, not
 * answered); the answer then goes through `answerFixedQuestion`, as the case page's does. Otherwise
 * (no such user, a number two users confirmed, no open question, several) nothing changes and the
 * reply points her to her closed cases in the portal. A "not fixed" while the CRM is down is kept: the
 * reopening waits in the outbox (kind `caseReopen`) and the job reopens the case once the CRM answers;
 * she is told so ("queued"), not asked to reply again. Only a failure to keep her answer says "failed".
 */
export async function answerFixedByText(phone: string, answer: "fixed" | "notFixed"): Promise<FixedByText> {
  const closedCases = `${portalOrigin()}/completed_activities`;
  const users = await usersWhere("textPhone", phone, 2);
  const only = users.length === 1 ? users[0] : undefined;
  const language = only?.data.Language ?? null;
  if (!only?.data.textPhoneConfirmedAt) return { outcome: "noQuestion", link: closedCases, language };
  const open = await openCaseFollowUpsOf(only.id, 2);
  if (open.length > 1) return { outcome: "several", link: closedCases, language };
  const [question] = open;
  if (!question) return { outcome: "noQuestion", link: closedCases, language };
  const about = { caseNumber: question.caseNumber ?? "", link: caseLink(question.caseId), language };
  let reopened = true;
  try {
    // A "no" is kept while the CRM is down: the outbox reopens the case once it answers.
    ({ reopened = true } = await answerFixedQuestion({ uid: only.id }, question.caseId, { answer }));
  } catch (error) {
    if (error instanceof ApiError && error.code === "conflict") return { outcome: "alreadyAnswered", ...about };
    requestLogger({ job: "sms-inbound" }).warn("fixed by text: the answer was not recorded", {
      caseId: question.caseId,
      error: error instanceof Error ? `${error.name}: ${error.message}` : String(error),
    });
    return { outcome: "failed", ...about };
  }
  if (!reopened) return { outcome: "queued", ...about };
  return { outcome: "answered", answer, ...about };
}
