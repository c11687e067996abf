import { randomUUID } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import type { UserEventRow } from "../../functions/src/contract/admin-users.ts";
import type { BulkAudienceCount } from "../../functions/src/contract/bulk-notifications.ts";
import { testAdmin } from "../kit/admin.ts";
import { callApi } from "../kit/api.ts";
import { freshResident, type MadeRecord } from "../kit/cases.ts";
import { submitHostedForm } from "../kit/hosted-form.ts";
import { principal, signIn } from "../kit/principals.ts";
import { casesOfReport, postReport, SEEDED_REPORT_PLACE } from "../kit/reports.ts";

/**
 * Issue 17: a resident's new activity (report, hosted form, zoning inquiry) records one CreateActivity
 * user event, which the admin user view answers and the bulk audience noActivities leaves out.
 */

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups) await cleanup();
});

/** A resident of this file's own, removed afterwards with their CRM records and user events. */
async function resident(label: string) {
  const made = await freshResident(label);
  const records: MadeRecord[] = [];
  cleanups.push(async () => {
    await made.remove(records);
    const { db } = testAdmin();
    const events = await db.collection("userEvents").where("UserId", "==", made.uid).get();
    await Promise.all(events.docs.map((doc) => doc.ref.delete()));
  });
  return { ...made, records, token: await signIn(made.email, made.password) };
}

const adminToken = async () => (await principal("admin")).idToken as string;

async function createActivities(uid: string) {
  const answer = await callApi<UserEventRow[]>("GET", `/api/users/activity-history/${uid}`, {
    token: await adminToken(),
  });
  expect(answer.status).toBe(200);
  return answer.body.filter((event) => event.Event === "CreateActivity");
}

async function audience(options: Record<string, boolean>) {
  const answer = await callApi<BulkAudienceCount>("POST", "/api/notifications/bulk/audience", {
    token: await adminToken(),
    body: options,
  });
  expect(answer.status).toBe(200);
  return answer.body.users;
}

describe("CreateActivity user events", () => {
  it("a report records one CreateActivity the admin view answers, and noActivities stops counting its author", async () => {
    const author = await resident("activity-report");
    const everyone = await audience({});
    const withoutActivities = await audience({ noActivities: true });
    expect(await createActivities(author.uid)).toEqual([]);

    const report = {
      id: randomUUID(),
      type: "pothole",
      activityId: "svc-report-pothole",
      address: SEEDED_REPORT_PLACE,
      description: "A pothole in front of the library.",
    };
    const filed = await postReport(author.token, report);
    expect(filed.status, JSON.stringify(filed.body)).toBe(200);
    // The same report sent again (a retry after a lost answer) records nothing new.
    expect((await postReport(author.token, report)).status).toBe(200);
    author.records.push(...(await casesOfReport(report.id)).map((row) => ({ object: "Case", id: row.Id })));

    const events = await createActivities(author.uid);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      Action: "REPORT",
      Item: "svc-report-pothole",
      ItemName: "Pothole",
      ItemKey: null,
      Data: { reportId: report.id, type: "pothole" },
    });
    expect(Date.parse(events[0]?.CreatedAt ?? "")).not.toBeNaN();
    const stored = (await testAdmin().db.collection("users").doc(author.uid).get()).data();
    expect(stored?.hasActivities).toBe(true);
    expect(stored?.lastActivityAt).toBeTruthy();

    expect(await audience({ noActivities: true })).toBe(withoutActivities - 1);
    expect(await audience({})).toBe(everyone);
  });

  it("a report without a catalogue service is named by its report type", async () => {
    const author = await resident("activity-feedback");
    const report = { id: randomUUID(), type: "appFeedback", description: "The map is great.", rating: 5 };
    const filed = await postReport(author.token, report);
    expect(filed.status, JSON.stringify(filed.body)).toBe(200);
    author.records.push(...(await casesOfReport(report.id)).map((row) => ({ object: "Case", id: row.Id })));
    const [event] = await createActivities(author.uid);
    expect(event).toMatchObject({ Action: "REPORT", Item: null, ItemKey: "Report.Types.appFeedback" });
  });

  it("a hosted form submission and a zoning inquiry each record theirs, once", async () => {
    const author = await resident("activity-forms");
    const minted = await callApi<{ url: string; portalSubmissionId: string }>(
      "GET",
      "/api/laserfiche/formUrl?bpid=1021",
      {
        token: author.token,
      },
    );
    expect(minted.status).toBe(200);
    const filled = await submitHostedForm(minted.body.url, {
      firstName: "Test",
      lastName: "Resident",
      email: author.email,
      address: "150 Dexter Ct",
      eventDate: "2026-07-04",
      blockFrom: "Chicago St",
      blockTo: "Division St",
    });
    expect(filled.status).toBe(200);
    const body = { portalSubmissionId: minted.body.portalSubmissionId, bpid: "1021" };
    const submitted = await callApi<{ crmId: string | null }>("POST", "/api/laserfiche/submitToPortal", {
      token: author.token,
      body,
    });
    expect(submitted.status).toBe(200);
    if (submitted.body.crmId) author.records.push({ object: "Case", id: submitted.body.crmId });
    expect((await callApi("POST", "/api/laserfiche/submitToPortal", { token: author.token, body })).status).toBe(200);

    const inquiry = await callApi<{ id?: string }>("POST", "/api/salesforce/zoningInquiry/ZONING_INQUIRY", {
      token: author.token,
      body: {
        Land_Parcel_Master_Address__c: "150 Dexter Ct, Elgin, IL 60120",
        Business_Details__c: `Pottery studio ${Date.now()}`,
        Mark_all_that_apply_to_you_inquiry__c: "know permitted uses at property",
        Is_this_a_home_based_business__c: "Yes",
        Is_this_a_new_business__c: "Yes",
        SFDC_ContactID__c: author.contactId,
      },
    });
    expect(inquiry.status, JSON.stringify(inquiry.body)).toBe(200);
    if (inquiry.body.id) author.records.push({ object: "Zoning_Inquiry__c", id: inquiry.body.id });

    const events = await createActivities(author.uid);
    expect(events).toHaveLength(2);
    expect(events).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ Action: "APPLY_FOR", Item: "svc-block-party", ItemName: "Block Party Permit" }),
        expect.objectContaining({ Action: "APPLY_FOR", Item: "ZONING_INQUIRY", ItemName: "Zoning Inquiry" }),
      ]),
    );
  });
});
