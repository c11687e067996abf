import { Timestamp } from "firebase-admin/firestore";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { CrmField, CrmRecord } from "../../connectors/crm/types";
import type { OutgoingMail } from "../../connectors/mail/types";
import { REPORT_TYPES } from "../../contract/reports";
import { useFirestoreEmulator } from "../../data/__tests__/firestore-emulator";
import { createOutboxEntry, outboxCollection } from "../../data/outbox";
import { ConnectorError } from "../../platform/connector-error";
import { notFixedComment } from "../case-updates/case-updates.service";
import { submitAdditionalInformation } from "../cases/additional-information.service";
import { deliverSubmission, issueSubmission, recordSubmission } from "../forms/form-submissions.service";
import { messageStatus, sendMessage } from "../messages/message.service";
import { INVITATION_EMAIL_KIND } from "../organizations/organization-invitations";
import { submitReport } from "../reports/reports.service";
import { submitZoningInquiry } from "../zoning/zoning-inquiry.service";
import { deliverDueOutbox } from "./outbox.service";
import { backoffMs, CLAIM_LEASE_MS } from "./outbox-runner";

/**
 * The CRM and the forms service at the boundary: an in-memory CRM that keeps what is created and
 * answers queries by the fields the kinds look up; `down` makes every call fail as an outage does.
 */
const systems = vi.hoisted(() => ({
  down: false,
  records: new Map<string, Record<string, unknown> & { objectName: string }>(),
  creates: 0,
  formsAsked: 0,
  mails: [] as OutgoingMail[],
}));
vi.mock("../../connectors/crm/connection", () => {
  const outage = () => {
    if (systems.down) throw new ConnectorError("crm", "unavailable", "CRM down");
  };
  const field = (name: string): CrmField =>
    ({
      name,
      label: name,
      type: "string",
      nillable: true,
      createable: true,
      updateable: true,
      referenceTo: [],
    }) as unknown as CrmField;
  return {
    crmConnector: () => ({
      describeFields: async () => {
        outage();
        return ["ContactId", "Subject", "Description", "Type", "Origin", "Status", "Portal_Report_Id__c"].map(field);
      },
      create: async (objectName: string, fields: Record<string, unknown>) => {
        outage();
        systems.creates++;
        const id = `rec${systems.records.size + 1}`;
        systems.records.set(id, { ...fields, objectName, Id: id, CaseNumber: `0000${systems.records.size + 1}` });
        return id;
      },
      retrieve: async (_objectName: string, id: string) => {
        outage();
        const record = systems.records.get(id);
        if (!record) throw new ConnectorError("crm", "not_found", "no record");
        return record as unknown as CrmRecord;
      },
      update: async (_objectName: string, id: string, fields: Record<string, unknown>) => {
        outage();
        Object.assign(systems.records.get(id) ?? {}, fields);
      },
      // The lookups the kinds make: a case by its report id, an inquiry by its details, a
      // submission's record by its contact.
      query: async (statement: { text?: string } | string) => {
        outage();
        const text = typeof statement === "string" ? statement : JSON.stringify(statement);
        return [...systems.records.values()].filter(
          (record) =>
            (record.objectName === "CaseComment" && text.includes(`ParentId = '${String(record.ParentId)}'`)) ||
            (record.Portal_Report_Id__c && text.includes(String(record.Portal_Report_Id__c))) ||
            (record.Business_Details__c && text.includes("Zoning_Inquiry__c")) ||
            (record.ContactId && text.includes(`ContactId = '${String(record.ContactId)}'`)),
        );
      },
    }),
  };
});
vi.mock("../../connectors/forms/connection", () => ({
  formsConnector: () => ({
    submission: async () => {
      systems.formsAsked++;
      if (systems.down) throw new ConnectorError("forms", "unavailable", "forms down");
      return { processName: "Block Party Permit", feeTotalCents: 0, fields: { street: "Chicago St" } };
    },
  }),
}));

/** The mail relay (messages and the invitation emails written before them): `down` refuses as an outage does. */
vi.mock("../../connectors/mail/connection", () => ({
  mailConnector: () => ({
    send: async (mail: OutgoingMail) => {
      if (systems.down) throw new ConnectorError("mail", "unavailable", "mail relay down");
      systems.mails.push(mail);
      return { messageId: `<${mail.messageId}@example.gov>`, response: "250 Ok" };
    },
  }),
}));

/**
 * A job run between a request's write of its entry and its own delivery: the next batch committed
 * (the request's entry with its CreateActivity event) runs `afterNextCommit` once it has landed.
 */
const race = vi.hoisted(() => ({ afterNextCommit: null as null | (() => Promise<unknown>) }));
vi.mock("../../data/collection", async (importOriginal) => {
  const actual = await importOriginal<typeof import("../../data/collection")>();
  return {
    ...actual,
    newBatch: () => {
      const batch = actual.newBatch();
      const commit = batch.commit.bind(batch);
      batch.commit = async () => {
        const result = await commit();
        const between = race.afterNextCommit;
        race.afterNextCommit = null;
        if (between) await between();
        return result;
      };
      return batch;
    },
  };
});

useFirestoreEmulator("demo-outbox-runner");

beforeEach(() => {
  race.afterNextCommit = null;
  systems.down = false;
  systems.records.clear();
  systems.creates = 0;
  systems.formsAsked = 0;
  systems.mails = [];
});

const stored = async (id: string) => (await outboxCollection().doc(id).get()).data() as Record<string, unknown>;

/** Makes an entry due now (its backoff passed), as the clock would. */
const makeDue = (id: string) =>
  outboxCollection()
    .doc(id)
    .update({ nextAttemptAt: Timestamp.fromMillis(Date.now() - 1) });

/** An entry whose delivery claimed it and never finished (the instance died), claimed at `claimedAt`. */
async function strandedClaim(id: string, entry: Record<string, unknown>, claimedAt: number) {
  await createOutboxEntry(id, { kind: String(entry.kind), ...entry, status: "pending", attempts: 0 });
  await outboxCollection()
    .doc(id)
    .update({ status: "sending", claim: "dead-instance", attempts: 1, nextAttemptAt: Timestamp.fromMillis(claimedAt) });
}
const expired = () => Date.now() - CLAIM_LEASE_MS - 1_000;
const live = () => Date.now() + CLAIM_LEASE_MS;

describe("backoff", () => {
  it("retries at the next run after one failure, then waits 1, 2, 4 minutes, at most an hour", () => {
    expect([1, 2, 3, 4, 20].map(backoffMs)).toEqual([0, 60_000, 120_000, 240_000, 3_600_000]);
  });
});

describe("problem reports", () => {
  const report = (id: string) => ({
    reportId: id,
    uid: "u-report",
    contactId: "003A",
    photos: [],
    report: { id, type: REPORT_TYPES[0], details: {}, description: "Pothole on Chicago St", address: null },
  });

  it("a delivery that failed is retried by the job and files one case", async () => {
    systems.down = true;
    const id = "7d7c4c64-0000-4000-8000-000000000001";
    expect(await submitReport(report(id) as never)).toEqual({ id, status: "received" });
    expect(await stored(`report-${id}`)).toMatchObject({ status: "pending", attempts: 1 });
    expect(String((await stored(`report-${id}`)).lastError)).toContain("crm unavailable");

    systems.down = false;
    expect((await deliverDueOutbox()).report).toEqual({ sent: 1, pending: 0 });
    expect(await stored(`report-${id}`)).toMatchObject({ status: "sent", attempts: 2, crmId: "rec1", lastError: null });
    expect(systems.creates).toBe(1);
    await deliverDueOutbox();
    expect(systems.creates).toBe(1);
  });

  it("a stale claim is taken over; the case its dead delivery filed is found, not filed again", async () => {
    const id = "7d7c4c64-0000-4000-8000-000000000002";
    const entry = { kind: "report", ...report(id) };
    await strandedClaim(`report-${id}`, entry, expired());
    systems.records.set("rec9", { objectName: "Case", Id: "rec9", CaseNumber: "00009", Portal_Report_Id__c: id });
    await strandedClaim("report-held", { kind: "report", ...report("held") }, live());

    expect((await deliverDueOutbox()).report).toEqual({ sent: 1, pending: 0 });
    expect(await stored(`report-${id}`)).toMatchObject({ status: "sent", crmId: "rec9", caseNumber: "00009" });
    expect(systems.creates).toBe(0);
    // A claim still within its lease is left to its delivery.
    expect(await stored("report-held")).toMatchObject({ status: "sending", claim: "dead-instance" });
  });

  it("a job run between the report's write and its inline filing leaves it to the request: filed once, answered with its case number", async () => {
    const id = "7d7c4c64-0000-4000-8000-000000000003";
    let jobRun: Awaited<ReturnType<typeof deliverDueOutbox>> | undefined;
    race.afterNextCommit = async () => {
      jobRun = await deliverDueOutbox();
    };
    expect(await submitReport(report(id) as never)).toEqual({ id, status: "filed", caseNumber: "00001" });
    expect(jobRun?.report).toEqual({ sent: 0, pending: 0 });
    expect(systems.creates).toBe(1);
    expect(await stored(`report-${id}`)).toMatchObject({ status: "sent", attempts: 1, crmId: "rec1", claim: null });
  });

  it("a report whose request died before filing it waits out the lease, then the job files it once", async () => {
    const id = "7d7c4c64-0000-4000-8000-000000000004";
    await createOutboxEntry(
      `report-${id}`,
      { kind: "report", ...report(id) },
      { claim: "died", leaseMs: CLAIM_LEASE_MS },
    );
    expect(await stored(`report-${id}`)).toMatchObject({ status: "sending", claim: "died", attempts: 1 });
    expect((await deliverDueOutbox()).report).toEqual({ sent: 0, pending: 0 });
    await makeDue(`report-${id}`);
    expect((await deliverDueOutbox()).report).toEqual({ sent: 1, pending: 0 });
    expect(await stored(`report-${id}`)).toMatchObject({ status: "sent", attempts: 2, crmId: "rec1" });
    expect(systems.creates).toBe(1);
  });
});

describe("zoning inquiries", () => {
  const payload = {
    SFDC_ContactID__c: "003A",
    Land_Parcel_Master_Address__c: "a0X1",
    Business_Details__c: "Food truck commissary",
  };

  it("a delivery that failed is retried by the job", async () => {
    systems.down = true;
    const activity = { Id: "ZONING_INQUIRY", Item: "Zoning Inquiry", Action: "APPLY_FOR" } as never;
    expect(await submitZoningInquiry({ uid: "u-zoning", activity, payload: payload as never })).toEqual({
      status: "received",
    });
    const [entry] = (await outboxCollection().where("kind", "==", "zoningInquiry").get()).docs;
    expect(entry?.data()).toMatchObject({ status: "pending", attempts: 1 });

    systems.down = false;
    expect((await deliverDueOutbox()).zoningInquiry).toEqual({ sent: 1, pending: 0 });
    expect((await entry?.ref.get())?.data()).toMatchObject({ status: "sent", crmId: "rec1", attempts: 2 });
    expect(systems.creates).toBe(1);
  });

  it("a job run between the inquiry's write and its inline delivery leaves it to the request", async () => {
    let jobRun: Awaited<ReturnType<typeof deliverDueOutbox>> | undefined;
    race.afterNextCommit = async () => {
      jobRun = await deliverDueOutbox();
    };
    const activity = { Id: "ZONING_INQUIRY", Item: "Zoning Inquiry", Action: "APPLY_FOR" } as never;
    expect(await submitZoningInquiry({ uid: "u-zoning", activity, payload: payload as never })).toEqual({
      status: "sent",
      id: "rec1",
    });
    expect(jobRun?.zoningInquiry).toEqual({ sent: 0, pending: 0 });
    expect(systems.creates).toBe(1);
  });

  it("a stale claim is taken over and delivered", async () => {
    await strandedClaim(
      "zoning-stale",
      { kind: "zoningInquiry", entryId: "stale", uid: "u-zoning", zoning: payload },
      expired(),
    );
    expect((await deliverDueOutbox()).zoningInquiry).toEqual({ sent: 1, pending: 0 });
    expect(await stored("zoning-stale")).toMatchObject({ status: "sent", crmId: "rec1", attempts: 2 });
  });
});

describe("additional information", () => {
  const seedRecord = () =>
    systems.records.set("500A", {
      objectName: "Case",
      Id: "500A",
      Action_Required__c: true,
      Additional_Information__c: "",
    });
  const answer = {
    uid: "u-info",
    objectName: "Case" as const,
    recordId: "500A",
    text: "Photos attached",
    documents: [],
  };

  it("a delivery that failed is retried by the job and appended once", async () => {
    seedRecord();
    systems.down = true;
    expect(await submitAdditionalInformation(answer)).toEqual({ status: "received" });
    const [entry] = (await outboxCollection().where("kind", "==", "additionalInformation").get()).docs;
    expect(entry?.data()).toMatchObject({ status: "pending", attempts: 1 });

    systems.down = false;
    expect((await deliverDueOutbox()).additionalInformation).toEqual({ sent: 1, pending: 0 });
    expect((await entry?.ref.get())?.data()).toMatchObject({ status: "sent", attempts: 2 });
    const record = systems.records.get("500A");
    expect(record?.Action_Required__c).toBe(false);
    expect(String(record?.Additional_Information__c).match(/Photos attached/g)).toHaveLength(1);
  });

  it("a stale claim is taken over; an answer its dead delivery appended is not appended again", async () => {
    seedRecord();
    const record = systems.records.get("500A") as Record<string, unknown>;
    record.Additional_Information__c = "[2026-11-28T06:00:00.000Z, portal ref stale]\nPhotos attached";
    await strandedClaim("addinfo-stale", { kind: "additionalInformation", entryId: "stale", ...answer }, expired());

    expect((await deliverDueOutbox()).additionalInformation).toEqual({ sent: 1, pending: 0 });
    expect(await stored("addinfo-stale")).toMatchObject({ status: "sent" });
    expect(String(record.Additional_Information__c).match(/Photos attached/g)).toHaveLength(1);
    expect(record.Action_Required__c).toBe(false);
  });
});

describe("form submissions", () => {
  it("a delivery that failed is retried by the job", async () => {
    const portalSubmissionId = await issueSubmission({ uid: "u-form", bpid: "1021" });
    const recorded = await recordSubmission({ portalSubmissionId, bpid: "1021", uid: "u-form", contactId: "003A" });
    systems.down = true;
    expect(await deliverSubmission(recorded)).toMatchObject({ status: "pending", attempts: 1 });

    systems.down = false;
    expect((await deliverDueOutbox()).formSubmission).toEqual({ sent: 1, pending: 0 });
    expect(await stored(`form-${portalSubmissionId}`)).toMatchObject({
      status: "sent",
      crmId: "rec1",
      attempts: 2,
      form: { processName: "Block Party Permit" },
    });
  });

  it("a stale claim is taken over and delivered", async () => {
    await strandedClaim(
      "form-stale",
      { kind: "formSubmission", portalSubmissionId: "stale", bpid: "1021", uid: "u-form", objectName: "Case" },
      expired(),
    );
    expect((await deliverDueOutbox()).formSubmission).toEqual({ sent: 1, pending: 0 });
    expect(await stored("form-stale")).toMatchObject({ status: "sent", crmId: "rec1", attempts: 2 });
  });

  it("a stale claim is taken over; the case its dead delivery filed is found, not filed again", async () => {
    // Another submission's case of the same contact, and this one's: only this one's heading matches.
    systems.records.set("500B", {
      objectName: "Case",
      Id: "500B",
      ContactId: "003A",
      Description: "Online form submission found-2 (process 1021)\nstreet: Chicago St",
    });
    systems.records.set("500C", {
      objectName: "Case",
      Id: "500C",
      ContactId: "003A",
      Description: "Online form submission found (process 1021)\nstreet: Chicago St",
    });
    await strandedClaim(
      "form-stale-found",
      {
        kind: "formSubmission",
        portalSubmissionId: "found",
        bpid: "1021",
        uid: "u-form",
        contactId: "003A",
        objectName: "Case",
      },
      expired(),
    );
    expect((await deliverDueOutbox()).formSubmission).toEqual({ sent: 1, pending: 0 });
    expect(await stored("form-stale-found")).toMatchObject({ status: "sent", crmId: "500C", attempts: 2 });
    expect(systems.creates).toBe(0);
  });

  it("waits out its backoff after a second failure", async () => {
    await createOutboxEntry("form-backoff", {
      kind: "formSubmission",
      portalSubmissionId: "backoff",
      bpid: "1021",
      uid: "u-form",
      objectName: "Case",
      status: "pending",
      attempts: 0,
    });
    systems.down = true;
    await deliverDueOutbox();
    await deliverDueOutbox();
    expect(await stored("form-backoff")).toMatchObject({ status: "pending", attempts: 2 });
    systems.down = false;
    // The second failure set the next try a minute out: this run leaves it.
    expect((await deliverDueOutbox()).formSubmission).toEqual({ sent: 0, pending: 0 });
    await makeDue("form-backoff");
    expect((await deliverDueOutbox()).formSubmission).toEqual({ sent: 1, pending: 0 });
  });
});

describe("case reopenings ('not fixed')", () => {
  const reopening = { kind: "caseReopen", caseId: "500R", uid: "u-reopen", note: "Still broken" };
  const seedClosedCase = () => systems.records.set("500R", { objectName: "Case", Id: "500R", Status: "Closed" });
  const comments = () => [...systems.records.values()].filter((record) => record.objectName === "CaseComment");

  it("a delivery that failed is retried by the job: one comment, the case open again", async () => {
    seedClosedCase();
    await createOutboxEntry("reopen-retried", { ...reopening, status: "pending", attempts: 0 });
    systems.down = true;
    expect((await deliverDueOutbox()).caseReopen).toEqual({ sent: 0, pending: 1 });
    expect(await stored("reopen-retried")).toMatchObject({ status: "pending", attempts: 1 });

    systems.down = false;
    expect((await deliverDueOutbox()).caseReopen).toEqual({ sent: 1, pending: 0 });
    expect(await stored("reopen-retried")).toMatchObject({ status: "sent", attempts: 2, commentId: "rec2" });
    expect(comments().map((comment) => comment.CommentBody)).toEqual([notFixedComment("Still broken")]);
    expect(systems.records.get("500R")?.Status).toBe("Open");
  });

  it("a stale claim is taken over; the comment its dead delivery wrote is found, not written again", async () => {
    seedClosedCase();
    systems.records.set("900C", {
      objectName: "CaseComment",
      Id: "900C",
      ParentId: "500R",
      CommentBody: notFixedComment("Still broken"),
    });
    await strandedClaim("reopen-stale", reopening, expired());
    expect((await deliverDueOutbox()).caseReopen).toEqual({ sent: 1, pending: 0 });
    expect(await stored("reopen-stale")).toMatchObject({ status: "sent", attempts: 2, commentId: "900C" });
    expect(systems.creates).toBe(0);
    expect(systems.records.get("500R")?.Status).toBe("Open");
  });
});

describe("messages", () => {
  // The retry after a failure: domains/messages/message.service.test.ts ("a relay that is down ...").
  it("a stale claim is taken over and the message sent once", async () => {
    const queued = await sendMessage(
      { email: "stale@example.com", language: "en" },
      "verifyEmail",
      { link: "https://l" },
      "email",
    );
    await outboxCollection()
      .doc(queued.id)
      .update({
        status: "sending",
        claim: "dead-instance",
        attempts: 1,
        nextAttemptAt: Timestamp.fromMillis(expired()),
      });
    expect((await deliverDueOutbox()).message).toEqual({ sent: 1, pending: 0 });
    await deliverDueOutbox();
    expect(systems.mails.filter((mail) => mail.to === "stale@example.com")).toHaveLength(1);
    expect(await messageStatus(queued.id)).toEqual({ id: queued.id, status: "delivered", reason: null });
  });
});

describe("invitation emails written before the message service", () => {
  const invitation = {
    kind: INVITATION_EMAIL_KIND,
    mail: { to: "invitee@example.com", subject: "Invitation", text: "Join us\nÚnase" },
  };

  it("a delivery that failed is retried by the job and sent once", async () => {
    await createOutboxEntry("invitation-retried", { ...invitation, status: "pending", attempts: 0 });
    systems.down = true;
    expect((await deliverDueOutbox())[INVITATION_EMAIL_KIND]).toEqual({ sent: 0, pending: 1 });
    expect(await stored("invitation-retried")).toMatchObject({ status: "pending", attempts: 1 });

    systems.down = false;
    expect((await deliverDueOutbox())[INVITATION_EMAIL_KIND]).toEqual({ sent: 1, pending: 0 });
    await deliverDueOutbox();
    expect(systems.mails.map((mail) => mail.to)).toEqual(["invitee@example.com"]);
    expect(await stored("invitation-retried")).toMatchObject({ status: "sent", attempts: 2 });
  });

  it("a stale claim is taken over and delivered", async () => {
    await strandedClaim("invitation-stale", invitation, expired());
    expect((await deliverDueOutbox())[INVITATION_EMAIL_KIND]).toEqual({ sent: 1, pending: 0 });
    expect(await stored("invitation-stale")).toMatchObject({ status: "sent", attempts: 2 });
    expect(systems.mails).toHaveLength(1);
  });
});
