import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { BILLING_FIXTURES } from "../../emulators/src/seed/billing.ts";
import { seededUser } from "../../emulators/src/seed/fixtures.ts";
import type { AuditPage } from "../../functions/src/contract/audit.ts";
import type { ResentMessage } from "../../functions/src/contract/console.ts";
import type { PaymentResult } from "../../functions/src/contract/payment.ts";
import type { ReportResult } from "../../functions/src/contract/reports.ts";
import { testAdmin } from "../kit/admin.ts";
import { callApi } from "../kit/api.ts";
import { cardNonce } from "../kit/card-nonce.ts";
import { pointJobsAtStack } from "../kit/jobs.ts";
import { mailsTo, waitForMails } from "../kit/mail.ts";
import { amountDueCents, pay } from "../kit/payments.ts";
import { principal } from "../kit/principals.ts";
import { casesOfReport, SEEDED_REPORT_PLACE } from "../kit/reports.ts";

// Staff acting for a person (issue 31): each action through the resident's own pipeline, marked
// with who assisted, and written to the audit trail.

const maria = seededUser("resident");
const staff = seededUser("staff");
const tokenOf = async (key: "admin" | "staff" | "resident") => (await principal(key)).idToken as string;

/** The test is the scheduler (the test stack runs none): one run of the outbox job. */
async function runOutboxJob() {
  const { deliverDueOutbox } = await import("../../functions/src/domains/outbox/outbox.service.ts");
  return deliverDueOutbox();
}

async function lastAudit(action: string, personUid: string) {
  const audit = await callApi<AuditPage>("GET", `/api/audit?${new URLSearchParams({ personUid, action })}`, {
    token: await tokenOf("admin"),
  });
  expect(audit.status).toBe(200);
  return audit.body.records[0];
}

const pothole = () => ({
  id: randomUUID(),
  type: "pothole",
  activityId: "svc-report-pothole",
  address: SEEDED_REPORT_PLACE,
  description: "Caller says a deep pothole opened in the eastbound lane.",
});

beforeAll(() => pointJobsAtStack());

describe("console: a report filed for a person", () => {
  it("files Maria's pothole as her case, marked as assisted by the staff member; she is told the number; the trail has it", async () => {
    const report = pothole();
    const answer = await callApi<ReportResult & { assistedBy: string }>(
      "POST",
      `/api/console/people/${maria.uid}/reports`,
      { token: await tokenOf("staff"), body: { filedAs: "person", report } },
    );
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body).toMatchObject({ id: report.id, status: "filed", assistedBy: staff.email });
    const caseNumber = (answer.body as { caseNumber: string }).caseNumber;

    const cases = await casesOfReport(report.id);
    expect(cases).toHaveLength(1);
    expect(cases[0]).toMatchObject({ CaseNumber: caseNumber, ContactId: maria.salesforceId, Type: "Pothole Repair" });
    expect(cases[0]?.Description).toContain(`Assisted by: ${staff.email} (city staff)`);

    // Her confirmation, by the channels she chose for case news (the same message a background filing sends).
    const { db } = testAdmin();
    const sent = await db
      .collection("outbox")
      .where("uid", "==", maria.uid)
      .where("template", "==", "caseNumber")
      .get();
    const mine = sent.docs.filter((doc) => doc.id.startsWith(`case-number-${report.id}-`));
    expect(mine.length).toBeGreaterThan(0);
    expect(JSON.stringify(mine[0]?.get("content"))).toContain(caseNumber);

    // A repeat (a lost answer at the counter) files nothing new.
    const again = await callApi("POST", `/api/console/people/${maria.uid}/reports`, {
      token: await tokenOf("staff"),
      body: { filedAs: "person", report },
    });
    expect(again.body).toMatchObject({ id: report.id, status: "filed", caseNumber });
    expect(await casesOfReport(report.id)).toHaveLength(1);

    const record = await lastAudit("console.assist.report", maria.uid);
    expect(record).toMatchObject({
      actorUid: staff.uid,
      actorRole: "staff",
      route: "POST /api/console/people/:id/reports",
      subject: `pothole as person (report ${report.id})`,
    });
    expect(JSON.parse(record?.after ?? "{}")).toMatchObject({ filedAs: "person", result: { caseNumber } });
  });

  it("files anonymously: the case names no contact; a resident cannot file for someone else; bad input changes nothing", async () => {
    const report = pothole();
    const anonymous = await callApi<ReportResult>("POST", `/api/console/people/${maria.uid}/reports`, {
      token: await tokenOf("staff"),
      body: { filedAs: "anonymous", report },
    });
    expect(anonymous.status, JSON.stringify(anonymous.body)).toBe(200);
    const [filed] = await casesOfReport(report.id);
    expect(filed?.ContactId ?? null).toBeNull();
    expect(filed?.Description).toContain("Reporter: Anonymous caller");

    const other = pothole();
    const asResident = await callApi("POST", `/api/console/people/${maria.uid}/reports`, {
      token: await tokenOf("resident"),
      body: { filedAs: "person", report: other },
    });
    expect(asResident.status).toBe(403);
    const bad = await callApi<{ error: { fields: Record<string, string> } }>(
      "POST",
      `/api/console/people/${maria.uid}/reports`,
      { token: await tokenOf("staff"), body: { filedAs: "person", report: { ...other, address: null } } },
    );
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toMatchObject({ "body.report.address": "Required" });
    expect(await casesOfReport(other.id)).toHaveLength(0);
  });
});

describe("console: resends", () => {
  it("sends Maria's payment receipt again as a new email with the same content; the trail has it", async () => {
    const resident = await principal("resident");
    const [customerId, locationId] = BILLING_FIXTURES.delinquentAccount.accountNumber.split("-") as [string, string];
    const paid = await pay(
      randomUUID(),
      {
        paymentType: "UTILITY",
        nonce: await cardNonce("approves"),
        amountCents: await amountDueCents(BILLING_FIXTURES.delinquentAccount.accountNumber),
        navilineCustomerId: customerId,
        navilineLocationId: locationId,
        confirmPayAgain: true,
      },
      resident.idToken,
    );
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    const { paymentId } = paid.body as PaymentResult;
    await runOutboxJob();
    const first = (await mailsTo(maria.email)).filter((mail) => mail.messageId?.includes(`receipt-${paymentId}`));
    expect(first).toHaveLength(1);

    const resent = await callApi<ResentMessage>(
      "POST",
      `/api/console/people/${maria.uid}/payments/${paymentId}/receipt`,
      { token: await tokenOf("staff") },
    );
    expect(resent.status, JSON.stringify(resent.body)).toBe(200);
    expect(resent.body).toMatchObject({ status: "delivered", assistedBy: staff.email });
    const receipts = (await mailsTo(maria.email)).filter((mail) => mail.messageId?.includes(`receipt-${paymentId}`));
    expect(receipts).toHaveLength(2);
    expect(receipts[1]?.subject).toBe(receipts[0]?.subject);
    expect(receipts[1]?.text).toBe(receipts[0]?.text);

    const record = await lastAudit("console.assist.receipt", maria.uid);
    expect(record).toMatchObject({ actorUid: staff.uid, subject: `payment ${paymentId}` });
    expect(JSON.parse(record?.after ?? "{}")).toMatchObject({ messageId: resent.body.messageId });

    // Another person's payment is not this person's to resend.
    const stranger = seededUser("resident2");
    const wrong = await callApi("POST", `/api/console/people/${stranger.uid}/payments/${paymentId}/receipt`, {
      token: await tokenOf("staff"),
    });
    expect(wrong.status).toBe(404);
  });

  it("emails an unverified person a new verification link; a verified person is refused", async () => {
    const newcomer = seededUser("unverified");
    const before = (await mailsTo(newcomer.email)).length;
    const answer = await callApi<ResentMessage>("POST", `/api/console/people/${newcomer.uid}/verification-email`, {
      token: await tokenOf("staff"),
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body).toMatchObject({ status: "delivered", assistedBy: staff.email });
    const mails = await waitForMails(newcomer.email, before + 1);
    expect(mails.at(-1)?.text).toContain("oobCode=");
    expect(await lastAudit("console.assist.verification-email", newcomer.uid)).toMatchObject({ actorUid: staff.uid });

    const verified = await callApi("POST", `/api/console/people/${maria.uid}/verification-email`, {
      token: await tokenOf("staff"),
    });
    expect(verified.status).toBe(409);
  });
});
