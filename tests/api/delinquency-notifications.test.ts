import { Timestamp } from "firebase-admin/firestore";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BILLING_FIXTURES } from "../../emulators/src/seed/billing.ts";
import type { DelinquencyBatch, DelinquencySummary } from "../../functions/src/contract/delinquency.ts";
import { testAdmin } from "../kit/admin.ts";
import { callApi } from "../kit/api.ts";
import { deleteDelinquencyBatch, linkWaterAccount, unlinkWaterAccount } from "../kit/delinquency.ts";
import { clearPushSandbox, pointJobsAtStack, pushSandboxMessages } from "../kit/jobs.ts";
import { principal } from "../kit/principals.ts";
import { stackInfo } from "../kit/stack-info.ts";

// Three users of this file hold three seeded water accounts: one past due (it is sent), one in credit
// (paid: dropped at send time) and one enrolled in autopay (dropped too).
const { delinquentAccount, negativeAccount, autopayAccount } = BILLING_FIXTURES;
const USERS = {
  "delinq-test-es": { account: delinquentAccount, Language: "es", FirstName: "Rosa", LastName: "Prueba" },
  "delinq-test-paid": { account: negativeAccount, Language: "en", FirstName: "Paid", LastName: "Tester" },
  "delinq-test-autopay": { account: autopayAccount, Language: "en", FirstName: "Auto", LastName: "Tester" },
};
const FILE = [
  "Account Number,Delinquent Amount,Shutoff Date,Address",
  `${delinquentAccount.accountNumber},$1234.50,12/15/2026,"=HYPERLINK(""http://evil.example""),1 Main St"`,
  `${negativeAccount.accountNumber},45.00,12/15/2026,2 Main St`,
  `${autopayAccount.accountNumber},60,2026-12-15,3 Main St`,
  ",10.00,12/15/2026,4 Main St",
  // A resident's text with a `;`: a `;`-separated spreadsheet would split it into a formula.
  "123-456,abc,12/15/2026,Lopez;=2+5 Ñandú St",
  "124-456,10.00,13/45/2026,6 Main St",
  `${delinquentAccount.accountNumber},1.00,12/15/2026,7 Main St`,
].join("\n");

const STALE_LINK = "0-delinq-test-gone";
const admin = async () => (await principal("admin")).idToken as string;
const batchIds: string[] = [];

beforeAll(async () => {
  pointJobsAtStack();
  const { db } = testAdmin();
  // A link left by a user who no longer exists, written before the real holder: it must
  // not hide the real one (other files' users are removed while their links can stay).
  await db.collection("billingAccounts").doc(STALE_LINK).set({
    userId: "delinq-test-gone",
    customerId: negativeAccount.customerId,
    locationId: negativeAccount.locationId,
  });
  for (const [uid, { account, ...user }] of Object.entries(USERS)) {
    await db
      .collection("users")
      .doc(uid)
      .set({
        ...user,
        Email: `${uid}@example.com`,
        PhoneNumber: "(847) 555-0100",
        notificationPrefs: { shutoffWarning: { enabled: uid === "delinq-test-es", optedOut: false } },
        // Issue 29: a row's phonePreference is "texts chosen for bills, to a confirmed number".
        ...(uid === "delinq-test-es"
          ? {
              textPhone: "+18475550109",
              messagePrefs: {
                bills: { inApp: true, email: true, text: true },
                cases: { inApp: true, email: false, text: false },
                alerts: { inApp: true, email: false, text: false },
              },
            }
          : {}),
      });
    await linkWaterAccount(uid, account);
  }
  await db
    .collection("pushTokens")
    .doc("delinq-test-token")
    .set({ UserId: "delinq-test-es", token: "device-delinq-1" });
  await clearPushSandbox();
});

afterAll(async () => {
  const { db } = testAdmin();
  for (const [uid, { account }] of Object.entries(USERS)) {
    await db.collection("users").doc(uid).delete();
    await unlinkWaterAccount(uid, account);
    const messages = await db.collection("notifications").where("UserId", "==", uid).get();
    for (const doc of messages.docs) await doc.ref.delete();
  }
  await db.collection("pushTokens").doc("delinq-test-token").delete();
  await db.collection("billingAccounts").doc(STALE_LINK).delete();
  for (const id of batchIds) {
    const notices = await db.collection("outbox").where("batchId", "==", `delinquency-${id}`).get();
    for (const doc of notices.docs) await doc.ref.delete();
    await deleteDelinquencyBatch(id);
  }
  await clearPushSandbox();
});

describe("delinquency notifications", () => {
  it("verifies a file row by row: counts, portal users, phone preference and row errors", async () => {
    const answer = await callApi<DelinquencySummary>("POST", "/api/notifications/delinquencies/verify", {
      token: await admin(),
      body: { delinquencyData: FILE },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.counts).toEqual({ rows: 7, valid: 3, invalid: 4, withPortalUser: 4 });
    expect(answer.body.errorCount).toBe(4);
    expect(answer.body.errors).toEqual([
      "row 5: account number missing",
      "row 6: delinquent amount is not a positive amount",
      "row 7: shutoff date is not a date (MM/DD/YYYY)",
      "row 8: account number repeats row 2",
    ]);
    expect(answer.body.rows[0]).toMatchObject({
      row: 2,
      delinquentAmountCents: 123450,
      shutoffDate: "2026-12-15",
      phonePreference: true,
      user: { hasPortalAccount: true, userId: "delinq-test-es", userName: "Rosa Prueba" },
      problems: [],
    });
    expect(answer.body.rows[1]?.phonePreference).toBe(false);
  });

  it("refuses a file that is not CSV or has no account column", async () => {
    for (const delinquencyData of ['Account Number,Amount\n"unclosed,1', "Name,Amount\nA,1"]) {
      const answer = await callApi("POST", "/api/notifications/delinquencies/verify", {
        token: await admin(),
        body: { delinquencyData },
      });
      expect(answer.status).toBe(400);
    }
  });

  it("drops accounts paid or on autopay since, sends the rest once as a job, and exports neutralized cells", async () => {
    const queued = await callApi<DelinquencyBatch>("POST", "/api/notifications/delinquencies", {
      token: await admin(),
      body: { delinquencyData: FILE },
    });
    expect(queued.status).toBe(202);
    batchIds.push(queued.body.Id);
    expect(queued.body).toMatchObject({ status: "queued", processed: false, droppedCount: 0 });

    const { runDelinquencySends } = await import("../../functions/src/domains/delinquency/delinquency.service.ts");
    await runDelinquencySends();
    await runDelinquencySends(); // A second run sends nothing again.
    const pushed = await pushSandboxMessages();
    expect(pushed).toHaveLength(1);
    expect(pushed[0]?.message.token).toBe("device-delinq-1");
    expect(pushed[0]?.message.notification?.title).toBe("Su factura de agua está vencida");
    const { db } = testAdmin();
    const inbox = await db.collection("notifications").where("UserId", "==", "delinq-test-es").get();
    expect(inbox.docs.map((doc) => doc.data().Body)).toEqual([
      `La cuenta ${delinquentAccount.accountNumber} debe $1234.50. El servicio puede cortarse el 12/15/2026 si no se paga.`,
    ]);
    for (const uid of ["delinq-test-paid", "delinq-test-autopay"]) {
      expect((await db.collection("notifications").where("UserId", "==", uid).get()).size).toBe(0);
    }

    const list = await callApi<DelinquencyBatch[]>("GET", "/api/notifications/delinquencies", { token: await admin() });
    expect(list.body.find((batch) => batch.Id === queued.body.Id)).toMatchObject({
      status: "done",
      processed: true,
      usersReached: 1,
      delivered: 1,
      failed: 0,
    });
    const detail = await callApi<DelinquencyBatch>("GET", `/api/notifications/delinquencies/${queued.body.Id}`, {
      token: await admin(),
    });
    expect(detail.body.data.summary.rows).toHaveLength(7);
    // Counts by channel and status (issue 29): the in-app message and the push as written and as the push
    // sandbox received it; her text waits in the outbox for the message job (not run here); no email.
    expect(detail.body.messages?.inApp).toMatchObject({ delivered: inbox.size, failed: 0 });
    expect(detail.body.messages?.push).toMatchObject({ delivered: pushed.length, failed: 0, queued: 0 });
    expect(detail.body.messages?.sms).toMatchObject({ queued: 1, delivered: 0 });
    expect(detail.body.messages?.email).toMatchObject({ queued: 0, delivered: 0 });
    // The re-check ran just before sending: the paid account and the one on autopay were left out.
    expect(detail.body.droppedCount).toBe(2);
    expect(detail.body.data.dropped).toEqual([
      { row: 3, accountNumber: negativeAccount.accountNumber, reason: "paid" },
      { row: 4, accountNumber: autopayAccount.accountNumber, reason: "autopay" },
    ]);
    expect(detail.body.data.summary.rows.map((row) => row.dropped ?? null)).toEqual([
      null,
      "paid",
      "autopay",
      null,
      null,
      null,
      null,
    ]);

    const csv = await callApi<string>("GET", `/api/notifications/delinquencies/${queued.body.Id}/export`, {
      token: await admin(),
    });
    expect(csv.status).toBe(200);
    expect(csv.contentType).toContain("text/csv");
    expect(csv.body).toContain(`"'=HYPERLINK(""http://evil.example""),1 Main St"`);
    expect(csv.body).not.toMatch(/(^|,)=/m);
    // Issue 26, finding 10: every cell quoted, each part a `;` could start neutralized, a UTF-8 BOM.
    expect(csv.body).toContain(`"Lopez;'=2+5 Ñandú St"`);
    expect(csv.body.split("\r\n")[0]?.startsWith('"Row","Account Number",')).toBe(true);
    // fetch's text() drops a BOM: the bytes show it.
    const bytes = await fetch(`${stackInfo().portalUrl}/api/notifications/delinquencies/${queued.body.Id}/export`, {
      headers: { authorization: `Bearer ${await admin()}` },
    }).then(async (response) => Buffer.from(await response.arrayBuffer()));
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  });

  it("a holder whose number texted STOP: her text is counted as opted out and never sent; her notice goes by email", async () => {
    const { db } = testAdmin();
    const stopped = db.collection("smsOptOuts").doc("+18475550109");
    await stopped.set({ optedOut: true, word: "STOP", changedAt: Timestamp.now() });
    try {
      const queued = await callApi<DelinquencyBatch>("POST", "/api/notifications/delinquencies", {
        token: await admin(),
        body: { delinquencyData: FILE },
      });
      expect(queued.status).toBe(202);
      batchIds.push(queued.body.Id);
      const { runDelinquencySends } = await import("../../functions/src/domains/delinquency/delinquency.service.ts");
      await runDelinquencySends();
      await runDelinquencySends(); // Run again: still one record per channel.
      const detail = await callApi<DelinquencyBatch>("GET", `/api/notifications/delinquencies/${queued.body.Id}`, {
        token: await admin(),
      });
      expect(detail.body.messages?.sms).toEqual({
        queued: 0,
        sending: 0,
        delivered: 0,
        failed: 0,
        bounced: 0,
        opted_out: 1,
      });
      // She kept email for bills: the notice waits for the message job by email instead.
      expect(detail.body.messages?.email).toMatchObject({ queued: 1, opted_out: 0 });
      const texts = await db
        .collection("outbox")
        .where("batchId", "==", `delinquency-${queued.body.Id}`)
        .where("channel", "==", "sms")
        .get();
      expect(texts.docs.map((doc) => doc.data())).toEqual([
        expect.objectContaining({
          messageStatus: "opted_out",
          reason: "sms: the number texted STOP",
          // The runner's "sent" (its answer is known) and never due: the message job never sends it.
          status: "sent",
          nextAttemptAt: null,
          to: expect.objectContaining({ phone: "+18475550109", uid: "delinq-test-es" }),
        }),
      ]);
    } finally {
      await stopped.delete();
    }
  });
});
