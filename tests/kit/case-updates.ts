import { Timestamp } from "firebase-admin/firestore";
import { afterAll, beforeAll } from "vitest";
import { testAdmin } from "./admin.ts";
import { freshResident } from "./cases.ts";
import { stackCrm } from "./identity.ts";
import { pointJobsAtStack } from "./jobs.ts";
import { signIn } from "./principals.ts";

/**
 * Case updates (issues 29 and 33): the `case-updates` job's service, run in the test's process against
 * the stack (the test stack runs no scheduler), and the people and cases its tests make.
 */
export async function caseUpdatesService() {
  pointJobsAtStack();
  return import("../../functions/src/domains/case-updates/case-updates.service.ts");
}

/** Starts the job's feed of CRM status changes now, so the next run reads only this test's changes. */
export async function startCaseFeedNow(): Promise<void> {
  await testAdmin()
    .db.collection("jobs")
    .doc("case-updates")
    .set({
      version: 1,
      after: new Date(Date.now() - 1000).toISOString(),
      finishedAt: null,
      updatedAt: Timestamp.now(),
      scanned: 0,
      written: 0,
    });
}

type Channels = { inApp: boolean; email: boolean; text: boolean };

/** A resident of the test's own, in a language, with her channels for case updates. */
export async function caseResident(label: string, language: "en" | "es", cases: Channels) {
  const made = await freshResident(label);
  const { db } = testAdmin();
  await db
    .collection("users")
    .doc(made.uid)
    .update({
      Language: language,
      messagePrefs: {
        bills: { inApp: true, email: false, text: false },
        cases,
        alerts: { inApp: true, email: false, text: false },
      },
    });
  return { ...made, idToken: await signIn(made.email, made.password) };
}

/**
 * An open report case of this contact in the CRM, as the portal files one: a report type's service
 * request type, so residents may follow it (only problem reports are followed, issue 33).
 */
export async function openCase(
  contactId: string,
  subject: string,
  serviceRequestType = "Pothole Repair",
): Promise<{ id: string; caseNumber: string }> {
  const crm = stackCrm();
  const id = await crm.create("Case", {
    ContactId: contactId,
    Subject: subject,
    Status: "New",
    Origin: "Portal",
    Service_Request_Type__c: serviceRequestType,
  });
  const created = await crm.retrieve<{ Id: string; CaseNumber: string }>("Case", id);
  return { id, caseNumber: String(created.CaseNumber) };
}

/** Removes what the case-updates service wrote for these people and cases (messages stay in the mail sandbox). */
export async function removeCaseUpdates(uids: string[], caseIds: string[]): Promise<void> {
  const { db } = testAdmin();
  for (const uid of uids) {
    for (const collection of ["notifications", "outbox"]) {
      const field = collection === "notifications" ? "UserId" : "uid";
      const docs = await db.collection(collection).where(field, "==", uid).get();
      await Promise.all(docs.docs.map((doc) => doc.ref.delete()));
    }
    for (const caseId of caseIds) {
      await db.collection("caseFollowUps").doc(`${caseId}_${uid}`).delete();
      await db.collection("reportFollowers").doc(`${caseId}_${uid}`).delete();
    }
  }
}

/**
 * A test file's case-updates service, loaded before its tests, and its cleanups, run after them
 * (newest first): `const file = useCaseUpdates(); … file.service.sendCaseUpdates(); file.cleanups.push(…)`.
 */
export function useCaseUpdates() {
  const file = {
    service: undefined as unknown as Awaited<ReturnType<typeof caseUpdatesService>>,
    cleanups: [] as (() => Promise<void>)[],
  };
  beforeAll(async () => {
    file.service = await caseUpdatesService();
  });
  afterAll(async () => {
    for (const cleanup of file.cleanups.reverse()) await cleanup();
  });
  return file;
}
