import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BILLING_FIXTURES, buildBillingSeed } from "../../emulators/src/seed/billing.ts";
import type { DelinquencyBatch, DelinquencySummary } from "../../functions/src/contract/delinquency.ts";
import { testAdmin } from "../kit/admin.ts";
import { callApi } from "../kit/api.ts";
import { deleteDelinquencyBatch, linkWaterAccount, unlinkWaterAccount } from "../kit/delinquency.ts";
import { clearPushSandbox, pointJobsAtStack, pushSandboxMessages } from "../kit/jobs.ts";
import { principal } from "../kit/principals.ts";

// A file of 4,500 rows: far more than one Firestore document holds (about 3,000 rows), so the
// stored batch spans many row documents. Three portal users hold accounts spread over the file:
// one a delinquent account of the billing seed, one an account billing has since seen paid (in
// credit), one two accounts billing does not know (sent as the file says).
const ROWS = 4_500;
const seed = buildBillingSeed();
const fixtures = new Set(
  Object.values(BILLING_FIXTURES).map((fixture) => ("customerId" in fixture ? fixture.customerId : "")),
);
const unused = (standing: string) => {
  const found = seed.accounts.filter(
    (account) => account.standing === standing && !account.contactId && !fixtures.has(account.customerId),
  )[3];
  if (!found) throw new Error(`no ${standing} account`);
  return { customerId: found.customerId, locationId: found.locationId };
};
const owing = unused("delinquent");
const paid = unused("credit");
const unknownA = { customerId: "990001", locationId: "1" };
const unknownB = { customerId: "990002", locationId: "1" };
const number = (account: { customerId: string; locationId: string }) => `${account.customerId}-${account.locationId}`;

/** The row (file line, header = 1) each user's account is on. */
const PLACED = [
  { row: 2, uid: "delinq-big-owing", account: owing },
  { row: 1_650, uid: "delinq-big-paid", account: paid },
  { row: 3_205, uid: "delinq-big-unknown", account: unknownA },
  { row: 4_400, uid: "delinq-big-unknown", account: unknownB },
];
const UIDS = [...new Set(PLACED.map((placed) => placed.uid))];
const BAD_ROWS = new Set([10, 2_500, 4_501]);

function bigFile(): string {
  const lines = ["Account Number,Delinquent Amount,Shutoff Date,Address"];
  for (let row = 2; row <= ROWS + 1; row++) {
    const placed = PLACED.find((entry) => entry.row === row);
    const account = placed ? number(placed.account) : `${800_000 + row}-${row}`;
    lines.push(
      BAD_ROWS.has(row) ? `${account},,12/15/2026,${row} Oak St` : `${account},${row}.25,12/15/2026,${row} Oak St`,
    );
  }
  return lines.join("\n");
}

const admin = async () => (await principal("admin")).idToken as string;
let batchId = "";

beforeAll(async () => {
  pointJobsAtStack();
  const { db } = testAdmin();
  for (const uid of UIDS) {
    await db
      .collection("users")
      .doc(uid)
      .set({ Email: `${uid}@example.com`, FirstName: "Big", LastName: uid.slice(11), Language: "en" });
  }
  for (const { uid, account } of PLACED) await linkWaterAccount(uid, account);
  await db
    .collection("pushTokens")
    .doc("delinq-big-token")
    .set({ UserId: "delinq-big-unknown", token: "device-big-1" });
  await clearPushSandbox();
});

afterAll(async () => {
  const { db } = testAdmin();
  for (const uid of UIDS) {
    await db.collection("users").doc(uid).delete();
    const messages = await db.collection("notifications").where("UserId", "==", uid).get();
    for (const doc of messages.docs) await doc.ref.delete();
  }
  for (const { uid, account } of PLACED) await unlinkWaterAccount(uid, account);
  await db.collection("pushTokens").doc("delinq-big-token").delete();
  if (batchId) await deleteDelinquencyBatch(batchId);
  await clearPushSandbox();
});

describe("a delinquency file larger than one document", () => {
  it("verifies all 4,500 rows", async () => {
    const answer = await callApi<DelinquencySummary>("POST", "/api/notifications/delinquencies/verify", {
      token: await admin(),
      body: { delinquencyData: bigFile() },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.counts).toEqual({ rows: ROWS, valid: ROWS - 3, invalid: 3, withPortalUser: 4 });
    expect(answer.body.errors).toEqual([
      "row 10: delinquent amount missing",
      "row 2500: delinquent amount missing",
      "row 4501: delinquent amount missing",
    ]);
    expect(answer.body.rows).toHaveLength(ROWS);
    expect(answer.body.rows[3_203]).toMatchObject({ row: 3_205, user: { userId: "delinq-big-unknown" } });
  });

  it("stores it, sends it as a job that resumes after a stop midway without sending twice, and pages it", async () => {
    const queued = await callApi<DelinquencyBatch>("POST", "/api/notifications/delinquencies", {
      token: await admin(),
      body: { delinquencyData: bigFile() },
    });
    expect(queued.status).toBe(202);
    batchId = queued.body.Id;
    expect(queued.body).toMatchObject({ status: "queued", page: { page: 0, pageSize: 10 } });
    expect(queued.body.data.summary.counts.rows).toBe(ROWS);
    expect(queued.body.data.summary.rows.map((row) => row.row)).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);

    const { runDelinquencyBatch, runDelinquencySends } = await import(
      "../../functions/src/domains/delinquency/delinquency.service.ts"
    );
    // A crash after five of the twelve row documents: the first user's message is out, no later one.
    await runDelinquencyBatch(batchId, { stopAfterChunks: 5 });
    const { db } = testAdmin();
    const inbox = async (uid: string) =>
      (await db.collection("notifications").where("UserId", "==", uid).get()).docs.map((doc) => doc.data().Body);
    expect(await inbox("delinq-big-owing")).toHaveLength(1);
    expect(await inbox("delinq-big-unknown")).toHaveLength(0);
    const stopped = await callApi<DelinquencyBatch[]>("GET", "/api/notifications/delinquencies", {
      token: await admin(),
    });
    expect(stopped.body.find((batch) => batch.Id === batchId)?.status).toBe("sending");

    await runDelinquencySends();
    await runDelinquencySends(); // Done: a further run sends nothing.
    expect(await inbox("delinq-big-owing")).toHaveLength(1);
    expect(await inbox("delinq-big-paid")).toHaveLength(0);
    expect((await inbox("delinq-big-unknown")).sort()).toEqual([
      `Account ${number(unknownA)} owes $3205.25. Service may be shut off on 12/15/2026 unless it is paid.`,
      `Account ${number(unknownB)} owes $4400.25. Service may be shut off on 12/15/2026 unless it is paid.`,
    ]);
    // One push per (row, device): the user with the device holds two rows.
    const pushed = (await pushSandboxMessages()).filter((entry) => entry.message.token === "device-big-1");
    expect(pushed).toHaveLength(2);

    const list = await callApi<DelinquencyBatch[]>("GET", "/api/notifications/delinquencies", { token: await admin() });
    expect(list.body.find((batch) => batch.Id === batchId)).toMatchObject({
      status: "done",
      usersReached: 2,
      delivered: 2,
      failed: 0,
      droppedCount: 1,
    });

    // View Details, a page at a time: a page in the middle, one across no boundary, the last.
    const page = async (pageNumber: number, pageSize: number) =>
      (
        await callApi<DelinquencyBatch>(
          "GET",
          `/api/notifications/delinquencies/${batchId}?page=${pageNumber}&pageSize=${pageSize}`,
          { token: await admin() },
        )
      ).body;
    const middle = await page(16, 100);
    expect(middle.data.summary.rows.map((row) => row.row)).toEqual(Array.from({ length: 100 }, (_, n) => 1_602 + n));
    expect(middle.data.summary.rows.find((row) => row.row === 1_650)).toMatchObject({
      dropped: "paid",
      user: { userId: "delinq-big-paid" },
    });
    expect(middle.data.dropped).toEqual([{ row: 1_650, accountNumber: number(paid), reason: "paid" }]);
    expect((await page(224, 20)).data.summary.rows.map((row) => row.row)).toEqual(
      Array.from({ length: 20 }, (_, n) => 4_482 + n),
    );
    expect((await page(90, 50)).data.summary.rows).toEqual([]);
    const bad = await callApi("GET", `/api/notifications/delinquencies/${batchId}?page=0&pageSize=30`, {
      token: await admin(),
    });
    expect(bad.status).toBe(400);

    const csv = await callApi<string>("GET", `/api/notifications/delinquencies/${batchId}/export`, {
      token: await admin(),
    });
    expect(csv.body.trimEnd().split("\r\n")).toHaveLength(ROWS + 1);
  });
});
