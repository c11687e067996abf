import { writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BILLING_FIXTURES } from "../../emulators/src/seed/billing.ts";
import { seededUser } from "../../emulators/src/seed/fixtures.ts";
import en from "../../web/src/locales/en.json" with { type: "json" };
import es from "../../web/src/locales/es.json" with { type: "json" };
import { testAdmin } from "../kit/admin.ts";
import { expectNoAxeViolations, useBrowser } from "../kit/browser.ts";
import { pointJobsAtStack } from "../kit/jobs.ts";
import { switchLanguage } from "../kit/language.ts";
import { logInThroughForm } from "../kit/log-in.ts";

const UID = "delinq-web-user";
const account = BILLING_FIXTURES.delinquentAccount;
const linkId = `${UID}_${account.customerId}_${account.locationId}`;
const file = join(tmpdir(), `delinquency-${process.pid}.csv`);

beforeAll(async () => {
  pointJobsAtStack();
  const { db } = testAdmin();
  await db.collection("users").doc(UID).set({ Email: "delinq.web@example.com", FirstName: "Web", LastName: "Debtor" });
  await db
    .collection("billingAccounts")
    .doc(linkId)
    .set({ userId: UID, customerId: account.customerId, locationId: account.locationId });
  writeFileSync(
    file,
    [
      "Account Number,Delinquent Amount,Shutoff Date,Address",
      `${account.accountNumber},88.20,12/20/2026,10 Spring St`,
      ...Array.from({ length: 11 }, (_, n) => `${900 + n}-1,5.00,12/20/2026,${n} Elm St`),
      ",5.00,12/20/2026,No Account Rd",
    ].join("\n"),
  );
});

afterAll(async () => {
  const { db } = testAdmin();
  await db.collection("users").doc(UID).delete();
  await db.collection("billingAccounts").doc(linkId).delete();
  const messages = await db.collection("notifications").where("UserId", "==", UID).get();
  for (const doc of messages.docs) await doc.ref.delete();
  const batches = await db.collection("delinquencyBatches").where("createdBy", "==", seededUser("admin").uid).get();
  for (const doc of batches.docs) {
    const chunks = await db.collection("delinquencyBatchRows").where("batchId", "==", doc.id).get();
    for (const chunk of chunks.docs) await chunk.ref.delete();
    await doc.ref.delete();
  }
});

describe("delinquency notifications in the browser", () => {
  const browser = useBrowser();

  it("an admin uploads a file with bad rows, sees the row errors, and sends", { timeout: 180_000 }, async () => {
    const { page, url } = browser;
    await logInThroughForm(page, url, seededUser("admin").email);
    await page.goto(url("/delinquency_notifications"));
    await page.getByRole("table", { name: en.Delinquency.BatchesCaption }).waitFor({ timeout: 20_000 });
    await expectNoAxeViolations(page, "delinquency notifications (en)");

    await page.getByRole("button", { name: en.Delinquency.SendNotification }).click();
    const upload = page.getByRole("dialog", { name: en.Delinquency.UploadTitle });
    await upload.waitFor();
    // Verify without a file: the error is announced and the file field takes focus.
    await upload.getByRole("button", { name: en.Delinquency.Verify }).click();
    await upload.getByRole("alert").filter({ hasText: en.Delinquency.ChooseFileFirst }).waitFor();
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.type)).toBe("file");
    await expectNoAxeViolations(page, "delinquency upload (en)");
    await upload.getByLabel(en.Delinquency.File).setInputFiles(file);
    await upload.getByRole("button", { name: en.Delinquency.Verify }).click();

    const summary = page.getByRole("dialog", { name: en.Delinquency.SummaryTitle });
    await summary.waitFor({ timeout: 20_000 });
    expect(await summary.textContent()).toContain("13 rows: 12 valid, 1 with problems, 1 with a portal user.");
    await summary.getByText("row 14: account number missing").waitFor();
    // Ten rows a page; 20 a page shows all 13.
    const rows = summary.getByRole("table", { name: en.Delinquency.RowsCaption }).locator("tbody tr");
    expect(await rows.count()).toBe(10);
    await summary.getByLabel(en.Delinquency.RowsPerPage).selectOption("20");
    expect(await rows.count()).toBe(13);
    expect(await rows.first().textContent()).toContain("Web Debtor");
    await expectNoAxeViolations(page, "delinquency summary (en)");
    await summary.getByRole("button", { name: en.Delinquency.SendNotifications }).click();
    await summary.waitFor({ state: "detached" });
    const batches = await testAdmin()
      .db.collection("delinquencyBatches")
      .where("createdBy", "==", seededUser("admin").uid)
      .get();
    expect(batches.size).toBe(1);
    const id = batches.docs[0]?.id as string;

    // The scheduler's part (the test stack runs none): the job sends, the page shows it done.
    const { runDelinquencySends } = await import("../../functions/src/domains/delinquency/delinquency.service.ts");
    await runDelinquencySends();
    const row = page.getByRole("row").filter({ hasText: id });
    await expect.poll(() => row.textContent(), { timeout: 15_000 }).toContain("Sent: 0 push delivered, 0 failed");
    const inbox = await testAdmin().db.collection("notifications").where("UserId", "==", UID).get();
    expect(inbox.size).toBe(1);

    await row.getByRole("button", { name: new RegExp(en.Delinquency.ViewDetails) }).click();
    const details = page.getByRole("dialog", { name: `Batch ${id}` });
    await details.getByText("row 14: account number missing").waitFor();
    expect(await details.getByRole("button", { name: en.Delinquency.SendNotifications }).count()).toBe(0);
    await page.keyboard.press("Escape");

    await switchLanguage(page, "es");
    await page.getByRole("table", { name: es.Delinquency.BatchesCaption }).waitFor();
    await expectNoAxeViolations(page, "delinquency notifications (es)");
    await switchLanguage(page, "en");
  });
});
