import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seededUser } from "../../emulators/src/seed/fixtures.ts";
import en from "../../web/src/locales/en.json" with { type: "json" };
import es from "../../web/src/locales/es.json" with { type: "json" };
import { testAdmin } from "../kit/admin.ts";
import { expectNoAxeViolations, useBrowser } from "../kit/browser.ts";
import { clearPushSandbox, pointJobsAtStack, pushSandboxMessages } from "../kit/jobs.ts";
import { switchLanguage } from "../kit/language.ts";
import { logInThroughForm } from "../kit/log-in.ts";
import { waitForMails } from "../kit/mail.ts";
import { horizontalOverflow } from "../kit/page-checks.ts";

// The resident has a water account: with "has a utility account" ticked, these three devices are
// the push audience; one of them was uninstalled.
const resident = seededUser("resident").uid;
const TOKENS = { "bulkweb-1": "device-web-1", "bulkweb-2": "device-web-2", "bulkweb-3": "unregistered-web-3" };
const title = `Street sweeping starts Monday ${Date.now()}`;
// A resident of this file with a water account link who chose city alerts by email only, in Spanish:
// the send reaches her by email (issue 29), counted on the send's row.
const ALERTS_USER = "bulkweb-alerts-es";
const ALERTS_EMAIL = "bulkweb.alerts.es@example.com";
const ALERTS_LINK = "bulkweb-alerts-es-link";

beforeAll(async () => {
  pointJobsAtStack();
  const { db } = testAdmin();
  for (const [id, token] of Object.entries(TOKENS)) {
    await db.collection("pushTokens").doc(id).set({ UserId: resident, token });
  }
  await db
    .collection("users")
    .doc(ALERTS_USER)
    .set({
      Email: ALERTS_EMAIL,
      Language: "es",
      messagePrefs: {
        bills: { inApp: true, email: true, text: false },
        cases: { inApp: true, email: false, text: false },
        alerts: { inApp: false, email: true, text: false },
      },
    });
  await db
    .collection("billingAccounts")
    .doc(ALERTS_LINK)
    .set({ userId: ALERTS_USER, customerId: "bulkweb-customer", locationId: "bulkweb-location" });
  await clearPushSandbox();
});

afterAll(async () => {
  const { db } = testAdmin();
  const sends = await db.collection("bulkNotifications").where("EnglishTitle", "==", title).get();
  for (const send of sends.docs) {
    const records = await db.collection("outbox").where("batchId", "==", `${send.id}-1`).get();
    for (const doc of records.docs) await doc.ref.delete();
    const messages = await db.collection("notifications").get();
    for (const doc of messages.docs.filter((doc) => doc.id.startsWith(`bulk-${send.id}-`))) await doc.ref.delete();
    await send.ref.delete();
  }
  for (const id of Object.keys(TOKENS)) await db.collection("pushTokens").doc(id).delete();
  await db.collection("billingAccounts").doc(ALERTS_LINK).delete();
  await db.collection("users").doc(ALERTS_USER).delete();
  await clearPushSandbox();
});

describe("bulk push notifications in the browser", () => {
  const browser = useBrowser();

  it("an admin sends a bulk notification and watches it finish", { timeout: 180_000 }, async () => {
    const { page, url } = browser;
    await logInThroughForm(page, url, seededUser("admin").email);
    await page.goto(url("/bulk_push_notifications"));
    await page.getByRole("table", { name: en.BulkPush.TableCaption }).waitFor({ timeout: 60_000 });
    await expectNoAxeViolations(page, "bulk push notifications (en)");

    await page.getByRole("button", { name: en.BulkPush.SendNotification }).click();
    const dialog = page.getByRole("dialog", { name: en.BulkPush.SendTitle });
    await dialog.waitFor();
    const preview = dialog.getByRole("button", { name: en.BulkPush.Preview });
    expect(await preview.isDisabled()).toBe(true);
    await dialog.getByLabel(en.BulkPush.Field.englishTitle).fill(title);
    await dialog.getByLabel(en.BulkPush.Field.spanishTitle).fill("   ");
    // A blank title after trimming keeps the next step shut (spec 3 §5).
    expect(await preview.isDisabled()).toBe(true);
    await dialog.getByLabel(en.BulkPush.Field.spanishTitle).fill("El barrido de calles empieza el lunes");
    await dialog.getByLabel(en.BulkPush.Field.englishBody).fill("Move your car off the street.");
    await dialog.getByLabel(en.BulkPush.Option.hasUtilityAccount).check();
    await expectNoAxeViolations(page, "send notification modal (en)");
    await preview.click();

    const check = page.getByRole("dialog", { name: en.BulkPush.PreviewTitle });
    await check.waitFor();
    await expect.poll(() => check.textContent(), { timeout: 20_000 }).toContain("3 devices");
    expect(await check.textContent()).toContain("El barrido de calles empieza el lunes");
    await expectNoAxeViolations(page, "send notification preview (en)");
    await check.getByRole("button", { name: en.BulkPush.Confirm }).click();
    await page.getByText(en["success-sumbit-form"]).waitFor();
    const row = page.getByRole("row").filter({ hasText: title });
    await row.getByText(en.BulkPush.Queued).waitFor();

    // The scheduler's part: the test stack runs none, so the test runs the job while the page watches.
    const { runBulkSends } = await import("../../functions/src/domains/bulk-notifications/bulk-send.service.ts");
    await runBulkSends();
    await expect.poll(() => row.textContent(), { timeout: 15_000 }).toContain("Finished: 2 delivered, 1 failed");
    expect(await row.textContent()).toContain(`${en.BulkPush.Reasons.unregistered}: 1`);
    const pushed = (await pushSandboxMessages()).map(({ message }) => message.token).sort();
    expect(pushed).toEqual(["device-web-1", "device-web-2"]);
    expect((await testAdmin().db.collection("pushTokens").doc("bulkweb-3").get()).exists).toBe(false);
    // Its messages by channel: push per device as the push sandbox got them; one in-app message per user.
    const counts = row.getByRole("list", { name: en.BulkPush.MessagesCaption });
    const line = (channel: string, parts: string[]) => `${channel}: ${parts.join(", ")}`;
    expect(await counts.locator('[data-channel="push"]').textContent()).toBe(
      line(en.MessageCounts.Channels.push, [
        `2 ${en.MessageCounts.Status.delivered}`,
        `1 ${en.MessageCounts.Status.failed}`,
      ]),
    );
    // The send's audience (its options narrow it), as the job stored it.
    const stored = await testAdmin().db.collection("bulkNotifications").where("EnglishTitle", "==", title).get();
    const users = stored.docs[0]?.get("users");
    expect(users).toBeGreaterThan(0);
    // The resident who chose email only for city alerts: no in-app message, one email waiting for the outbox job.
    expect(await counts.locator('[data-channel="inApp"]').textContent()).toBe(
      line(en.MessageCounts.Channels.inApp, [`${users - 1} ${en.MessageCounts.Status.delivered}`]),
    );
    expect(await counts.locator('[data-channel="email"]').textContent()).toBe(
      line(en.MessageCounts.Channels.email, [`1 ${en.MessageCounts.Status.queued}`]),
    );
    // The outbox job sends it, in her language; the row counts it delivered (read again on the next visit).
    const { deliverDueMessages } = await import("../../functions/src/domains/messages/message.service.ts");
    await deliverDueMessages({ budgetMs: 20_000 });
    const [mail] = await waitForMails(ALERTS_EMAIL, 1);
    expect(mail?.subject).toBe("El barrido de calles empieza el lunes");

    await page.reload();
    await switchLanguage(page, "es");
    await page.getByRole("table", { name: es.BulkPush.TableCaption }).waitFor();
    expect(
      await row
        .getByRole("list", { name: es.BulkPush.MessagesCaption })
        .locator('[data-channel="email"]')
        .textContent(),
    ).toBe(`${es.MessageCounts.Channels.email}: 1 ${es.MessageCounts.Status.delivered}`);
    await expectNoAxeViolations(page, "bulk push notifications (es)");
    expect(
      await row.getByRole("list", { name: es.BulkPush.MessagesCaption }).locator('[data-channel="push"]').textContent(),
    ).toBe(
      `${es.MessageCounts.Channels.push}: 2 ${es.MessageCounts.Status.delivered}, 1 ${es.MessageCounts.Status.failed}`,
    );
    // On a phone (390 px) the table with the send's counts scrolls within its region: the page is no wider.
    await page.setViewportSize({ width: 390, height: 844 });
    const { overflow, widest } = await horizontalOverflow(page);
    expect(overflow, `bulk sends with counts wider than 390 px (${widest.join("; ")})`).toBe(0);
    await expectNoAxeViolations(page, "bulk push notifications with counts (es, 390 px)");
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.getByRole("button", { name: es.BulkPush.SendNotification }).click();
    await page.getByRole("dialog", { name: es.BulkPush.SendTitle }).waitFor();
    await expectNoAxeViolations(page, "send notification modal (es)");
    await page.keyboard.press("Escape");
    await switchLanguage(page, "en");
  });
});
