import { randomUUID } from "node:crypto";
import { Timestamp } from "firebase-admin/firestore";
import { describe, expect, it } from "vitest";
import { sandboxControl } from "../../emulators/src/sandboxes/kit.ts";
import { soql } from "../../functions/src/connectors/crm/soql.ts";
import type { ActivityDetail } from "../../functions/src/contract/activity-detail.ts";
import { FOLLOWED_CASE } from "../../functions/src/contract/reports.ts";
import { JOBS } from "../../functions/src/jobs/registry.ts";
import { testAdmin } from "../kit/admin.ts";
import { callApi } from "../kit/api.ts";
import { caseResident, openCase, removeCaseUpdates, startCaseFeedNow, useCaseUpdates } from "../kit/case-updates.ts";
import { stackCrm } from "../kit/identity.ts";
import { mailsTo, waitForMails } from "../kit/mail.ts";
import { casesOfReport, runReportsJob } from "../kit/reports.ts";
import { stackInfo } from "../kit/stack-info.ts";
import { textsTo, textTheCity, withConfirmedTextPhone } from "../kit/texts.ts";

/**
 * Issue 29 "case updates by the person's channel" and issue 33 "closing the loop": a case's status
 * changes in the CRM; the resident who filed it hears of each change by the channels she chose (here
 * email and in-app), and so does a neighbour who said "me too" (by email, in Spanish, with a link to
 * the case's public page, not to the case page that is not hers; in-app, opening that public page),
 * but not one who stopped following it; a closed case asks its resident "Is it fixed?" four weeks
 * later, and her "no" reopens it in the CRM with her note, which the case page's timeline shows.
 */

const DAY = 86_400_000;
const file = useCaseUpdates();

/** The outbox job, run here as the launcher's scheduler would (the test stack runs none). */
async function runOutboxJob() {
  const { deliverDueOutbox } = await import("../../functions/src/domains/outbox/outbox.service.ts");
  return deliverDueOutbox();
}

/** The outbox job's part for reopened cases only (while the CRM is down: other kinds, other files' entries, are left alone). */
async function runReopenJob() {
  const { deliverDue } = await import("../../functions/src/domains/outbox/outbox-runner.ts");
  return deliverDue(file.service.caseReopenOutbox);
}

/** A case closed in the CRM whose resident was asked "Is it fixed?" (the asking itself is the first test). */
async function closedAndAsked(made: { id: string; caseNumber: string }, uid: string) {
  await stackCrm().update("Case", made.id, { Status: "Closed" });
  await testAdmin().db.collection("caseFollowUps").doc(`${made.id}_${uid}`).set({
    caseId: made.id,
    caseNumber: made.caseNumber,
    uid,
    closedAt: Timestamp.now(),
    askAt: null,
    askedAt: Timestamp.now(),
    answer: null,
    answeredAt: null,
    note: null,
  });
}

describe("case updates and closing the loop", () => {
  it("is a scheduled job of the registry", () => {
    expect(JOBS.map((job) => job.name)).toContain("case-updates");
  });

  it("tells each status change by the person's channels once, asks 'Is it fixed?' four weeks after closing, and 'no' reopens the case with the note on its timeline", async () => {
    const owner = await caseResident("case-owner", "en", { inApp: true, email: true, text: false });
    const neighbour = await caseResident("case-follower", "es", { inApp: false, email: true, text: false });
    const inAppNeighbour = await caseResident("case-follower-app", "en", { inApp: true, email: false, text: false });
    const leaver = await caseResident("case-unfollower", "en", { inApp: true, email: true, text: false });
    const made = await openCase(owner.contactId, "Pothole: 410 Dundee Ave");
    file.cleanups.push(async () => {
      await removeCaseUpdates([owner.uid, neighbour.uid, inAppNeighbour.uid, leaver.uid], [made.id]);
      await owner.remove([{ object: "Case", id: made.id }]);
      await neighbour.remove([]);
      await inAppNeighbour.remove([]);
      await leaver.remove([]);
    });
    const crm = stackCrm();
    const caseUrl = `${stackInfo().portalUrl}/activity-view/Case/${made.id}`;
    const publicUrl = `${stackInfo().portalUrl}/reports/${made.id}`;

    // Three neighbours follow the open case ("me too": the nearby list or the case's public page);
    // one of them stops following it before anything changes.
    for (const follower of [neighbour, inAppNeighbour, leaver]) {
      const followed = await callApi("POST", `/api/reports/${made.id}/me-too`, { token: follower.idToken });
      expect(followed.status, JSON.stringify(followed.body)).toBe(200);
    }
    const left = await callApi("DELETE", `/api/reports/${made.id}/me-too`, { token: leaver.idToken });
    expect(left.status, JSON.stringify(left.body)).toBe(200);
    expect(left.body).toEqual({ caseId: made.id, following: false, reporters: 3 });

    await startCaseFeedNow();
    await crm.update("Case", made.id, { Status: "Scheduled" });
    expect((await file.service.sendCaseUpdates()).changes).toBe(1);
    const [scheduled] = await waitForMails(owner.email, 1);
    expect(scheduled?.subject).toBe(`Case ${made.caseNumber}: Scheduled`);
    expect(scheduled?.text).toContain(caseUrl);
    const [programado] = await waitForMails(neighbour.email, 1);
    expect(programado?.subject).toBe(`Caso ${made.caseNumber}: Programado`);
    expect(programado?.text).not.toContain("/activity-view/");
    expect(programado?.text).toContain(publicUrl);
    // In-app for the owner (she chose it), linked to the case; none for the neighbour (she did not);
    // the in-app neighbour's opens the case's public page (the messages page reads FollowedCase).
    const { db } = testAdmin();
    const inApp = await db.collection("notifications").where("UserId", "==", owner.uid).get();
    expect(inApp.docs.map((doc) => doc.data())).toEqual([
      expect.objectContaining({ SObjectType: "Case", SalesforceId: made.id, Title: scheduled?.subject }),
    ]);
    expect((await db.collection("notifications").where("UserId", "==", neighbour.uid).get()).size).toBe(0);
    const followerInApp = await db.collection("notifications").where("UserId", "==", inAppNeighbour.uid).get();
    expect(followerInApp.docs.map((doc) => doc.data())).toEqual([
      expect.objectContaining({ SObjectType: FOLLOWED_CASE, SalesforceId: made.id, Title: scheduled?.subject }),
    ]);

    // Read again (the feed re-reads the row at its mark): nothing more.
    await file.service.sendCaseUpdates();
    await crm.update("Case", made.id, { Status: "Closed" });
    const closedRun = await file.service.sendCaseUpdates();
    const ownerMails = await waitForMails(owner.email, 2);
    expect(ownerMails.map((mail) => mail.subject)).toEqual([
      `Case ${made.caseNumber}: Scheduled`,
      `Case ${made.caseNumber} closed`,
    ]);
    expect(ownerMails[1]?.text).toContain("In four weeks we will ask you whether the problem is fixed.");
    // The follower's closing message: by her channel, in her language, with the public page; she is
    // not asked "Is it fixed?" (only the case's resident is), so she is not told she will be.
    const cerrado = (await waitForMails(neighbour.email, 2))[1];
    expect(cerrado?.subject).toBe(`Caso ${made.caseNumber} cerrado`);
    expect(cerrado?.text).toContain(`cerró el caso ${made.caseNumber} (Cerrado), que usted sigue.`);
    expect(cerrado?.text).toContain(publicUrl);
    expect(cerrado?.text).not.toContain("cuatro semanas");
    // The one who stopped following heard of nothing, by any channel.
    expect(await mailsTo(leaver.email)).toHaveLength(0);
    expect((await db.collection("notifications").where("UserId", "==", leaver.uid).get()).size).toBe(0);

    // Not yet due: nothing asked; four weeks later it is, once, and only to the case's resident.
    expect(closedRun.questions).toBe(0);
    const later = new Date(Date.now() + 29 * DAY);
    expect((await file.service.sendCaseUpdates({ now: later })).questions).toBe(1);
    expect((await file.service.sendCaseUpdates({ now: later })).questions).toBe(0);
    const asked = (await waitForMails(owner.email, 3))[2];
    expect(asked?.subject).toBe(`Is it fixed? Case ${made.caseNumber}`);
    expect(asked?.text).toContain(caseUrl);
    expect(await mailsTo(neighbour.email)).toHaveLength(2);

    // The neighbour was not asked: 404; the owner's case page carries the question.
    const path = `/api/salesforce/activity/Case/${made.id}/fixed`;
    const stranger = await callApi("POST", path, { token: neighbour.idToken, body: { answer: "notFixed" } });
    expect(stranger.status).toBe(404);
    const before = await callApi<ActivityDetail>("GET", `/api/salesforce/activity/Case/${made.id}`, {
      token: owner.idToken,
    });
    expect(before.body.fixedQuestion).toEqual({ answer: null });

    const note = "The pothole opened again after the rain.";
    const no = await callApi("POST", path, { token: owner.idToken, body: { answer: "notFixed", note } });
    expect(no.status, JSON.stringify(no.body)).toBe(200);
    expect(no.body).toEqual({ answer: "notFixed", reopened: true });
    const again = await callApi("POST", path, { token: owner.idToken, body: { answer: "fixed" } });
    expect(again.status).toBe(409);

    // Reopened in the CRM, with her note as a public comment.
    const stored = await crm.retrieve<{ Id: string; Status: string; IsClosed: boolean }>("Case", made.id);
    expect(stored).toMatchObject({ Status: "Open", IsClosed: false });
    const comments = await crm.query<{ CommentBody: string; IsPublished: boolean }>(
      soql`SELECT CommentBody, IsPublished FROM CaseComment WHERE ParentId = ${made.id}`,
    );
    expect(comments).toEqual([expect.objectContaining({ IsPublished: true })]);
    expect(comments[0]?.CommentBody).toContain(note);

    // The whole timeline: filed, Scheduled, Closed, her "not fixed" with the note, Open.
    const after = await callApi<ActivityDetail>("GET", `/api/salesforce/activity/Case/${made.id}`, {
      token: owner.idToken,
    });
    expect(after.body.status).toBe("Open");
    expect(after.body.fixedQuestion).toEqual({ answer: "notFixed" });
    expect(after.body.history.map((event) => event.comment?.kind ?? event.status)).toEqual([
      null,
      "Scheduled",
      "Closed",
      "notFixed",
      "Open",
    ]);
    expect(after.body.history[3]?.comment?.text).toBe(note);
  });

  it("a report filed late (by the outbox job) tells its case number by email when the resident chose email for case updates", async () => {
    const resident = await caseResident("case-number-mail", "es", { inApp: false, email: true, text: false });
    // A report the CRM could not take at once, as POST /api/reports leaves it (an outage here would
    // leave other files' report functions failing their next inline filing): waiting in the outbox.
    const report = {
      id: randomUUID(),
      type: "pothole",
      activityId: "svc-report-pothole",
      address: { address: "138 Highland Ave", location: { lat: 42.0401, lng: -88.2902 } },
      description: "Un bache profundo en el carril este.",
      details: {},
    };
    await testAdmin().db.collection("outbox").doc(`report-${report.id}`).set({
      kind: "report",
      status: "pending",
      attempts: 1,
      reportId: report.id,
      uid: resident.uid,
      contactId: resident.contactId,
      report,
      photos: [],
      app: null,
      mediaUrls: [],
      reporter: null,
      lastError: "crm: unavailable",
      createdAt: Timestamp.now(),
      nextAttemptAt: Timestamp.now(),
    });
    const filed: { Id: string; CaseNumber: string }[] = [];
    file.cleanups.push(async () => {
      await removeCaseUpdates([resident.uid], []);
      await testAdmin().db.collection("outbox").doc(`report-${report.id}`).delete();
      await resident.remove(filed.map((row) => ({ object: "Case", id: row.Id })));
    });
    await runReportsJob();
    filed.push(...(await casesOfReport(report.id)));
    expect(filed).toHaveLength(1);
    const caseNumber = String(filed[0]?.CaseNumber);
    const [mail] = await waitForMails(resident.email, 1);
    expect(mail?.subject).toBe(`Su reporte es el caso ${caseNumber}`);
    expect(mail?.text).toContain(`${stackInfo().portalUrl}/activity-view/Case/${filed[0]?.Id}`);
    // She chose no in-app messages for case updates.
    expect((await testAdmin().db.collection("notifications").where("UserId", "==", resident.uid).get()).size).toBe(0);
    await runReportsJob();
    expect(await mailsTo(resident.email)).toHaveLength(1);
  });

  it("'Is it fixed?' by text: the resident replies NO RESUELTO to the question's text and the case reopens as on the case page", async () => {
    const PHONE = "+18475550181";
    const owner = await caseResident("case-fixed-text", "es", { inApp: false, email: false, text: true });
    const { db } = testAdmin();
    // Her confirmed number (the confirmation by code is browser/text-messages' journey); she is removed after.
    await withConfirmedTextPhone(owner.uid, PHONE);
    const made = await openCase(owner.contactId, "Pothole: 22 Chicago St");
    file.cleanups.push(async () => {
      await removeCaseUpdates([owner.uid], [made.id]);
      await owner.remove([{ object: "Case", id: made.id }]);
    });
    const crm = stackCrm();
    const reply = textTheCity;

    await startCaseFeedNow();
    await crm.update("Case", made.id, { Status: "Closed" });
    await file.service.sendCaseUpdates();
    const later = new Date(Date.now() + 29 * DAY);
    expect((await file.service.sendCaseUpdates({ now: later })).questions).toBe(1);
    const question = (await textsTo(PHONE)).filter((text) => text.direction === "outbound-api").at(-1);
    expect(question?.body).toContain(`caso ${made.caseNumber}`);
    expect(question?.body).toContain("Responda RESUELTO o NO RESUELTO");
    expect(question?.body).toContain(`/activity-view/Case/${made.id}`);

    // A number no resident confirmed: nothing changes, the reply points to the portal.
    const stranger = await reply("+18475550182", "FIXED");
    expect(stranger.webhookStatus).toBe(200);
    expect(stranger.replies).toEqual([expect.stringContaining("We found no question waiting")]);
    expect((await crm.retrieve<{ Id: string; Status: string }>("Case", made.id)).Status).toBe("Closed");

    // Her "no", in her words: the case reopens with the public comment, as POST .../fixed does.
    const no = await reply(PHONE, "No resuelto.");
    expect(no.webhookStatus).toBe(200);
    expect(no.replies).toEqual([expect.stringContaining(`El caso ${made.caseNumber} está abierto de nuevo`)]);
    expect(await crm.retrieve<{ Id: string; Status: string }>("Case", made.id)).toMatchObject({ Status: "Open" });
    const comments = await crm.query<{ CommentBody: string; IsPublished: boolean }>(
      soql`SELECT CommentBody, IsPublished FROM CaseComment WHERE ParentId = ${made.id}`,
    );
    expect(comments).toEqual([expect.objectContaining({ IsPublished: true })]);
    expect(comments[0]?.CommentBody).toContain('answered "no"');
    const page = await callApi<ActivityDetail>("GET", `/api/salesforce/activity/Case/${made.id}`, {
      token: owner.idToken,
    });
    expect(page.body.fixedQuestion).toEqual({ answer: "notFixed" });

    // Answered once: a second reply finds no open question and changes nothing.
    const again = await reply(PHONE, "RESUELTO");
    expect(again.replies).toEqual([expect.stringContaining("No encontramos ninguna pregunta pendiente")]);
    expect((await db.collection("caseFollowUps").doc(`${made.id}_${owner.uid}`).get()).get("answer")).toBe("notFixed");
  });

  it("'Is it fixed?' by text: two open questions are not guessed, a NOT FIXED while the CRM is down is kept and reopens the case once when the job runs after it is back, and a question answered on the case page is not answered again", async () => {
    const PHONE = "+18475550183";
    const owner = await caseResident("case-fixed-faults", "en", { inApp: false, email: false, text: true });
    const { db } = testAdmin();
    await withConfirmedTextPhone(owner.uid, PHONE);
    const first = await openCase(owner.contactId, "Streetlight out: 5 Grove Ave");
    const second = await openCase(owner.contactId, "Pothole: 9 Grove Ave");
    file.cleanups.push(async () => {
      await removeCaseUpdates([owner.uid], [first.id, second.id]);
      await owner.remove([
        { object: "Case", id: first.id },
        { object: "Case", id: second.id },
      ]);
    });
    const crm = stackCrm();
    const crmFaults = sandboxControl(stackInfo().sandboxes.crm as string);
    // Both closed, and both asked "Is it fixed?" (the asking itself is the test above).
    for (const made of [first, second]) await closedAndAsked(made, owner.uid);
    const answerOf = async (caseId: string) =>
      (await db.collection("caseFollowUps").doc(`${caseId}_${owner.uid}`).get()).get("answer");
    const statusOf = async (caseId: string) =>
      (await crm.retrieve<{ Id: string; Status: string }>("Case", caseId)).Status;
    const commentsOn = (caseId: string) =>
      crm.query<{ CommentBody: string }>(soql`SELECT CommentBody FROM CaseComment WHERE ParentId = ${caseId}`);
    const reply = (body: string) => textTheCity(PHONE, body);

    // Two questions open: a reply cannot say which case it means; nothing changes on either.
    const several = await reply("NOT FIXED");
    expect(several.webhookStatus).toBe(200);
    expect(several.replies).toEqual([expect.stringContaining("You have more than one question waiting")]);
    expect([await answerOf(first.id), await answerOf(second.id)]).toEqual([null, null]);
    expect([await statusOf(first.id), await statusOf(second.id)]).toEqual(["Closed", "Closed"]);

    // She answers the second on its case page: the first is now her one open question.
    const onPage = await callApi("POST", `/api/salesforce/activity/Case/${second.id}/fixed`, {
      token: owner.idToken,
      body: { answer: "fixed" },
    });
    expect(onPage.status, JSON.stringify(onPage.body)).toBe(200);

    // The CRM is down when she replies "not fixed": her answer is kept and the reopening waits in the
    // outbox (she is told so, not asked to reply again); nothing reaches the CRM yet.
    await crmFaults.setFaults({ down: true });
    let queued: Awaited<ReturnType<typeof reply>>;
    try {
      queued = await reply("Not fixed");
      expect(queued.webhookStatus).toBe(200);
      expect(queued.replies).toEqual([
        expect.stringContaining(`We have your answer: case ${first.caseNumber} will be opened again in a few minutes`),
      ]);
      expect(await answerOf(first.id)).toBe("notFixed");
      const waiting = await db
        .collection("outbox")
        .where("kind", "==", "caseReopen")
        .where("caseId", "==", first.id)
        .get();
      expect(waiting.docs.map((doc) => doc.data())).toEqual([
        expect.objectContaining({ uid: owner.uid, status: "pending", attempts: 1 }),
      ]);
      expect(String(waiting.docs[0]?.get("lastError"))).toContain("crm");
      // A job run while the CRM is still down reopens nothing and keeps it waiting.
      expect(await runReopenJob()).toEqual({ sent: 0, pending: 1 });
    } finally {
      await crmFaults.setFaults({ down: false });
    }
    expect(await statusOf(first.id)).toBe("Closed");
    expect(await commentsOn(first.id)).toEqual([]);
    // A reply again finds her question answered: nothing more is queued.
    const repeat = await reply("Not fixed");
    expect(repeat.replies).toEqual([expect.stringContaining("We found no question waiting")]);

    // Back up: the job reopens the first case once, with the public comment; the second keeps her answer from the page.
    const reopenDue = await db
      .collection("outbox")
      .where("kind", "==", "caseReopen")
      .where("caseId", "==", first.id)
      .get();
    // Its backoff after the job's failed try, passed as the clock would.
    for (const doc of reopenDue.docs) await doc.ref.update({ nextAttemptAt: Timestamp.fromMillis(Date.now() - 1) });
    expect((await runOutboxJob()).caseReopen).toEqual({ sent: 1, pending: 0 });
    expect(await runOutboxJob()).toMatchObject({ caseReopen: { sent: 0, pending: 0 } });
    expect(await answerOf(first.id)).toBe("notFixed");
    expect(await statusOf(first.id)).toBe("Open");
    const reopened = await commentsOn(first.id);
    expect(reopened).toHaveLength(1);
    expect(reopened[0]?.CommentBody).toContain('answered "no"');
    const casePage = await callApi<ActivityDetail>("GET", `/api/salesforce/activity/Case/${first.id}`, {
      token: owner.idToken,
    });
    expect(casePage.body.fixedQuestion).toEqual({ answer: "notFixed" });
    expect(await answerOf(second.id)).toBe("fixed");
    expect(await statusOf(second.id)).toBe("Closed");

    // Both answered: a further reply answers nothing again and changes nothing.
    const late = await reply("NOT FIXED");
    expect(late.replies).toEqual([expect.stringContaining("We found no question waiting")]);
    expect(await answerOf(second.id)).toBe("fixed");
    expect(await statusOf(second.id)).toBe("Closed");
    expect(await commentsOn(first.id)).toHaveLength(1);
    expect(await commentsOn(second.id)).toEqual([]);
  });

  it("'Is it fixed?' on the case page while the CRM is down: her 'no' is accepted and kept as a text reply's is, and the job reopens the case once when the CRM is back", async () => {
    const owner = await caseResident("case-fixed-page-down", "en", { inApp: true, email: false, text: false });
    const { db } = testAdmin();
    const made = await openCase(owner.contactId, "Pothole: 14 Division St");
    file.cleanups.push(async () => {
      await removeCaseUpdates([owner.uid], [made.id]);
      await owner.remove([{ object: "Case", id: made.id }]);
    });
    const crm = stackCrm();
    const crmFaults = sandboxControl(stackInfo().sandboxes.crm as string);
    // Closed and asked "Is it fixed?" (the asking itself is the first test).
    await closedAndAsked(made, owner.uid);
    const path = `/api/salesforce/activity/Case/${made.id}/fixed`;
    const reopenEntries = () =>
      db.collection("outbox").where("kind", "==", "caseReopen").where("caseId", "==", made.id).get();
    const statusOf = async () => (await crm.retrieve<{ Id: string; Status: string }>("Case", made.id)).Status;
    const comments = () =>
      crm.query<{ CommentBody: string }>(soql`SELECT CommentBody FROM CaseComment WHERE ParentId = ${made.id}`);
    const note = "Still dark at night.";

    // The CRM is down when she answers "no" on the case page: accepted (not a 503), kept, and the
    // reopening waits in the outbox under the same kind a text reply's does; nothing reaches the CRM.
    await crmFaults.setFaults({ down: true });
    try {
      const no = await callApi("POST", path, { token: owner.idToken, body: { answer: "notFixed", note } });
      expect(no.status, JSON.stringify(no.body)).toBe(200);
      expect(no.body).toEqual({ answer: "notFixed", reopened: false });
      const answered = await db.collection("caseFollowUps").doc(`${made.id}_${owner.uid}`).get();
      expect(answered.get("answer")).toBe("notFixed");
      const waiting = await reopenEntries();
      expect(waiting.docs.map((doc) => doc.data())).toEqual([
        expect.objectContaining({ uid: owner.uid, note, status: "pending", attempts: 1 }),
      ]);
      expect(String(waiting.docs[0]?.get("lastError"))).toContain("crm");
      // Sent again (a second tab, a double press): already answered, nothing more queued.
      const again = await callApi("POST", path, { token: owner.idToken, body: { answer: "notFixed", note } });
      expect(again.status).toBe(409);
      expect((await reopenEntries()).size).toBe(1);
      // A job run while the CRM is still down reopens nothing and keeps it waiting.
      expect(await runReopenJob()).toEqual({ sent: 0, pending: 1 });
    } finally {
      await crmFaults.setFaults({ down: false });
    }
    expect(await statusOf()).toBe("Closed");
    expect(await comments()).toEqual([]);

    // Back up: the job reopens the case once, with her note as the public comment; a later run does nothing.
    // Its backoff after the job's failed try, passed as the clock would.
    for (const doc of (await reopenEntries()).docs) {
      await doc.ref.update({ nextAttemptAt: Timestamp.fromMillis(Date.now() - 1) });
    }
    expect((await runOutboxJob()).caseReopen).toEqual({ sent: 1, pending: 0 });
    expect(await runOutboxJob()).toMatchObject({ caseReopen: { sent: 0, pending: 0 } });
    expect(await statusOf()).toBe("Open");
    const reopened = await comments();
    expect(reopened).toHaveLength(1);
    expect(reopened[0]?.CommentBody).toContain(note);
    expect((await reopenEntries()).docs.map((doc) => doc.get("status"))).toEqual(["sent"]);
    const casePage = await callApi<ActivityDetail>("GET", `/api/salesforce/activity/Case/${made.id}`, {
      token: owner.idToken,
    });
    expect(casePage.body.status).toBe("Open");
    expect(casePage.body.fixedQuestion).toEqual({ answer: "notFixed" });
  });

  it("a bad answer is a 400 that changes nothing", async () => {
    const owner = await caseResident("case-bad-answer", "en", { inApp: true, email: false, text: false });
    file.cleanups.push(() => owner.remove([]));
    const answer = await callApi("POST", "/api/salesforce/activity/Case/500000000000001AAA/fixed", {
      token: owner.idToken,
      body: { answer: "maybe" },
    });
    expect(answer.status).toBe(400);
  });
});
