import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RecordedSms, SMS_CITY_NUMBER } from "../../emulators/src/sandboxes/sms/index.ts";
import { BILLING_FIXTURES } from "../../emulators/src/seed/billing.ts";
import { seededUser } from "../../emulators/src/seed/fixtures.ts";
import type { DelinquencyBatch } from "../../functions/src/contract/delinquency.ts";
import { formatPhone } from "../../functions/src/contract/message-preferences.ts";
import en from "../../web/src/locales/en.json" with { type: "json" };
import es from "../../web/src/locales/es.json" with { type: "json" };
import { formatShortDateTime } from "../../web/src/utils/format.ts";
import { testAdmin } from "../kit/admin.ts";
import { callApi, providerPost } from "../kit/api.ts";
import { expectNoAxeViolations, useBrowser } from "../kit/browser.ts";
import { deleteDelinquencyBatch, linkWaterAccount, unlinkWaterAccount } from "../kit/delinquency.ts";
import { pointJobsAtStack } from "../kit/jobs.ts";
import { fillLoginForm, logInThroughForm } from "../kit/log-in.ts";
import { mailsTo } from "../kit/mail.ts";
import { englishOnSpanishPage, horizontalOverflow, rawKeys, shownTexts } from "../kit/page-checks.ts";
import { principal } from "../kit/principals.ts";
import { secondPersonContext } from "../kit/second-context.ts";
import { stackInfo } from "../kit/stack-info.ts";

/**
 * Issue 29's text-message journey: a resident confirms her phone with the code texted to her, opts in
 * to texts for shut-off notices; the clerk's delinquency batch texts her (the SMS sandbox receives it),
 * the sandbox's signed status callback marks it delivered in the batch's counts; she replies STOP and
 * the next batch texts her nothing. A forged status callback is refused and changes nothing.
 */

const resident = seededUser("resident2");
const PHONE = "+18475550177";
/** The Spanish check's own number, so its texts and its STOP do not mix with the journey's. */
const PHONE_ES = "+18475550178";
const account = BILLING_FIXTURES.delinquentAccount;
const batches: string[] = [];
const M = en.Account.Messages;

const sms = () => stackInfo().sandboxes.sms as string;
async function textsTo(phone: string): Promise<RecordedSms[]> {
  const answer = await fetch(`${sms()}/__control/messages?to=${encodeURIComponent(phone)}`);
  return ((await answer.json()) as { messages: RecordedSms[] }).messages;
}

async function cleanUp() {
  const { db } = testAdmin();
  await db
    .collection("users")
    .doc(resident.uid)
    // Her language back to English: the Spanish check sets it, and later files expect her in English.
    .update({ textPhone: null, textPhoneConfirmedAt: null, messagePrefs: null, Language: "en" });
  await db.collection("phoneConfirmations").doc(resident.uid).delete();
  await db.collection("smsOptOuts").doc(PHONE).delete();
  await db.collection("smsOptOuts").doc(PHONE_ES).delete();
}

beforeAll(async () => {
  pointJobsAtStack();
  await cleanUp();
  await linkWaterAccount(resident.uid, account);
});
afterAll(async () => {
  await unlinkWaterAccount(resident.uid, account);
  await cleanUp();
  const { db } = testAdmin();
  for (const id of batches) {
    const messages = await db.collection("outbox").where("batchId", "==", `delinquency-${id}`).get();
    for (const doc of messages.docs) await doc.ref.delete();
    const inbox = await db.collection("notifications").where("UserId", "==", resident.uid).get();
    for (const doc of inbox.docs) if (doc.id.startsWith(`delinquency-${id}`)) await doc.ref.delete();
    await deleteDelinquencyBatch(id);
  }
});

/** The clerk sends a batch naming the resident's delinquent account; the jobs send it. */
async function sendBatch(): Promise<{ id: string; createdAt: string }> {
  const admin = await principal("admin");
  const file = [
    "Account Number,Delinquent Amount,Shutoff Date,Address",
    `${account.accountNumber},88.20,12/20/2026,10 Spring St`,
  ].join("\n");
  const answer = await callApi<DelinquencyBatch>("POST", "/api/notifications/delinquencies", {
    token: admin.idToken,
    body: { delinquencyData: file },
  });
  expect(answer.status).toBe(202);
  batches.push(answer.body.Id);
  const { runDelinquencySends } = await import("../../functions/src/domains/delinquency/delinquency.service.ts");
  const { deliverDueMessages } = await import("../../functions/src/domains/messages/message.service.ts");
  await runDelinquencySends();
  await deliverDueMessages({ budgetMs: 20_000 });
  return { id: answer.body.Id, createdAt: answer.body.createdAt };
}

/**
 * The clerk opens a batch's details on /delinquency_notifications (named by when it was uploaded):
 * answers its table of counts. Newest first: of two batches of the same minute, the newer.
 */
async function openBatchDetails(clerk: Page, url: (path: string) => string, createdAt: string) {
  await clerk.goto(url("/delinquency_notifications"));
  await clerk.getByRole("table", { name: en.Delinquency.BatchesCaption }).waitFor({ timeout: 20_000 });
  const name = en.Delinquency.BatchName.replace("{{date}}", formatShortDateTime(new Date(createdAt), "en"));
  await clerk
    .getByRole("row")
    .filter({ hasText: name })
    .first()
    .getByRole("button", { name: new RegExp(en.Delinquency.ViewDetails) })
    .click();
  const counts = clerk.getByRole("table", { name: en.Delinquency.Notices.Caption });
  await counts.waitFor({ timeout: 15_000 });
  return counts;
}

async function batchCounts(id: string) {
  const admin = await principal("admin");
  const answer = await callApi<DelinquencyBatch>("GET", `/api/notifications/delinquencies/${id}?page=0&pageSize=10`, {
    token: admin.idToken,
  });
  return answer.body.messages;
}

describe("text messages: confirm a phone, get a shut-off notice by text, STOP", () => {
  const browser = useBrowser();

  it("the journey, with the SMS sandbox's texts and receipts", { timeout: 240_000 }, async () => {
    const { page, url } = browser;
    await logInThroughForm(page, url, resident.email);
    await page.goto(url(`/account/${resident.uid}`));
    const section = page.getByRole("region", { name: M.Title });
    await section.waitFor({ timeout: 20_000 });

    // Her number, then the code texted to it (a wrong one first: refused, with the error summary).
    await section.getByLabel(M.PhoneLabel).fill("8475550177");
    await section.getByRole("button", { name: M.SendCode }).click();
    await section.getByLabel(M.CodeLabel).waitFor({ timeout: 15_000 });
    const [codeText] = await textsTo(PHONE);
    expect(codeText?.body).toMatch(/^City of Elgin: Your confirmation code is \d{6}\. .* Reply STOP to stop\.$/);
    const code = /(\d{6})/.exec(codeText?.body ?? "")?.[1] as string;
    const wrong = code === "000000" ? "111111" : "000000";
    await section.getByLabel(M.CodeLabel).fill(wrong);
    await section.getByRole("button", { name: M.ConfirmPhone }).click();
    await page.getByText(en.ErrorValidation.CodeWrong).first().waitFor();
    await expectNoAxeViolations(page, "account, phone code refused (en)");
    await section.getByLabel(M.CodeLabel).fill(code);
    await section.getByRole("button", { name: M.ConfirmPhone }).click();
    await page.getByRole("dialog").filter({ hasText: M.PhoneNowConfirmed }).waitFor({ timeout: 15_000 });
    await page.getByRole("button", { name: en.Modal.Okay }).click();
    await section.getByText(M.PhoneConfirmed.replace("{{phone}}", "(847) 555-0177")).waitFor({ timeout: 15_000 });
    expect(
      await testAdmin()
        .db.collection("users")
        .doc(resident.uid)
        .get()
        .then((doc) => doc.get("textPhone")),
    ).toBe(PHONE);

    // Texts for bills and shut-off notices, by keyboard.
    const bills = section.getByRole("group", { name: M.Topic.bills });
    const textBox = bills.getByLabel(M.Channel.text);
    await textBox.focus();
    await page.keyboard.press("Space");
    expect(await textBox.isChecked()).toBe(true);
    await section.getByRole("button", { name: M.Save }).click();
    await page.getByRole("dialog").filter({ hasText: en.Modal.ChangesSaved }).waitFor();
    await page.getByRole("button", { name: en.Modal.Okay }).click();
    await expect
      .poll(() =>
        testAdmin()
          .db.collection("users")
          .doc(resident.uid)
          .get()
          .then((doc) => doc.get("messagePrefs.bills.text")),
      )
      .toBe(true);
    await expectNoAxeViolations(page, "account, message preferences (en)");

    // The clerk's batch: the notice arrives at the SMS sandbox, and its signed receipt marks it delivered.
    const first = await sendBatch();
    await expect.poll(async () => (await textsTo(PHONE)).length, { timeout: 15_000 }).toBe(2);
    const notice = (await textsTo(PHONE))[1] as RecordedSms;
    expect(notice.body).toContain(`Account ${account.accountNumber} owes $88.20`);
    expect(notice.body).toMatch(/Reply STOP to stop\.$/);
    await expect.poll(async () => (await batchCounts(first.id))?.sms?.delivered, { timeout: 20_000 }).toBe(1);
    // Every channel's counts, against what was really sent: the text the SMS sandbox marked delivered,
    // her in-app message, and no email (she is texted instead).
    const noticeMails = async () =>
      (await mailsTo(resident.email)).filter((mail) => mail.subject === "Your water bill is past due");
    const firstCounts = await batchCounts(first.id);
    const deliveredTexts = (await textsTo(PHONE)).filter(
      (text) => text.direction === "outbound-api" && text.body.includes("owes $88.20") && text.status === "delivered",
    );
    expect(firstCounts?.sms).toMatchObject({ delivered: deliveredTexts.length, failed: 0, opted_out: 0 });
    const inbox = await testAdmin().db.collection("notifications").where("UserId", "==", resident.uid).get();
    const firstInbox = inbox.docs.filter((doc) => doc.id.startsWith(`delinquency-${first.id}`));
    expect(firstInbox).toHaveLength(1);
    expect(firstCounts?.inApp).toMatchObject({ delivered: firstInbox.length, failed: 0 });
    expect(firstCounts?.email).toMatchObject({ delivered: 0, queued: 0, failed: 0 });
    expect(await noticeMails()).toHaveLength(0);

    // The clerk sees it in the batch's details, in her own browser.
    const clerkContext = await secondPersonContext(browser.context);
    const clerk = await clerkContext.newPage();
    await logInThroughForm(clerk, url, seededUser("admin").email);
    const counts = await openBatchDetails(clerk, url, first.createdAt);
    await expect
      .poll(() => counts.locator('tr[data-channel="sms"] td[data-status="delivered"]').textContent(), {
        timeout: 15_000,
      })
      .toBe("1");
    expect(await counts.locator('tr[data-channel="inApp"] td[data-status="delivered"]').textContent()).toBe("1");
    expect(await counts.locator('tr[data-channel="inApp"] th').textContent()).toBe(en.MessageCounts.Channels.inApp);
    await expectNoAxeViolations(clerk, "delinquency batch with notice counts (en)");

    // A forged receipt (bad signature) is refused and changes nothing.
    const message = await testAdmin().db.collection("outbox").where("batchId", "==", `delinquency-${first.id}`).get();
    const textMessage = message.docs.find((doc) => doc.get("channel") === "sms");
    expect(textMessage?.get("messageStatus")).toBe("delivered");
    const forged = await providerPost(
      `/api/notifications/sms/status?messageId=${textMessage?.id}`,
      {
        MessageSid: notice.sid,
        AccountSid: "AC0000000000000000000000000000c1e1",
        MessageStatus: "failed",
        ErrorCode: "30003",
      },
      { signature: "bm90IHRoZSBwcm92aWRlcidzIHNpZ25hdHVyZQ==" },
    );
    expect(forged.status).toBe(403);
    expect((await textMessage?.ref.get())?.get("messageStatus")).toBe("delivered");
    expect((await batchCounts(first.id))?.sms).toMatchObject({ delivered: 1, failed: 0 });

    // She replies STOP: the city answers (TwiML), and the next batch texts her nothing.
    const reply = await fetch(`${sms()}/__control/inbound`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ from: PHONE, body: "STOP" }),
    });
    expect(await reply.json()).toMatchObject({
      webhookStatus: 200,
      replies: [expect.stringContaining("no more texts")],
    });
    const textsBefore = (await textsTo(PHONE)).filter((text) => text.direction === "outbound-api").length;
    const second = await sendBatch();
    const secondCounts = await batchCounts(second.id);
    // Her text is recorded as opted out (the counts say so) and never sent: the SMS sandbox got nothing.
    expect(secondCounts?.sms).toEqual({ queued: 0, sending: 0, delivered: 0, failed: 0, bounced: 0, opted_out: 1 });
    expect((await textsTo(PHONE)).filter((text) => text.direction === "outbound-api").length).toBe(textsBefore);
    const secondMessages = await testAdmin()
      .db.collection("outbox")
      .where("batchId", "==", `delinquency-${second.id}`)
      .get();
    expect(secondMessages.docs.filter((doc) => doc.get("channel") === "sms").map((doc) => doc.get("reason"))).toEqual([
      "sms: the number texted STOP",
    ]);
    // Her notice now goes by email (she kept email for bills): the mail sandbox has it, and the counts say so.
    await expect.poll(async () => (await noticeMails()).length, { timeout: 15_000 }).toBe(1);
    expect((await batchCounts(second.id))?.email).toMatchObject({ delivered: 1, failed: 0 });
    expect((await batchCounts(second.id))?.inApp).toMatchObject({ delivered: 1 });

    // The clerk sees the opted-out text in the second batch's counts, on a phone (390 px): the table
    // scrolls within its region, the page does not grow wider.
    await clerk.setViewportSize({ width: 390, height: 844 });
    await openBatchDetails(clerk, url, second.createdAt);
    await expect
      .poll(() => counts.locator('tr[data-channel="sms"] td[data-status="opted_out"]').textContent(), {
        timeout: 15_000,
      })
      .toBe("1");
    expect(await counts.locator('tr[data-channel="email"] td[data-status="delivered"]').textContent()).toBe("1");
    const { overflow, widest } = await horizontalOverflow(clerk);
    expect(overflow, `batch counts wider than 390 px (${widest.join("; ")})`).toBe(0);
    await expectNoAxeViolations(clerk, "delinquency batch with an opted-out text (en, 390 px)");
    await clerkContext.close();

    // Her account page says so, with the city's number as configured (SMS_FROM_NUMBER), not a fixed one.
    await page.goto(url(`/account/${resident.uid}`));
    await section.getByText(M.TextsStopped.replace("{{city}}", formatPhone(SMS_CITY_NUMBER))).waitFor();
  });
});

/**
 * The preferences section in Spanish on a phone (390 px), in each of its states: the number refused,
 * the code form with a wrong code, the number confirmed with texts chosen (and its success dialog),
 * and the number that sent STOP. Each: no wider than the screen, no English, no raw key, axe clean.
 */
describe("message preferences in Spanish at 390 px", () => {
  const browser = useBrowser({ locale: "es-US", viewport: { width: 390, height: 844 } });
  const S = es.Account.Messages;

  async function expectSectionFits(label: string) {
    const { page } = browser;
    const { overflow, widest } = await horizontalOverflow(page);
    expect(overflow, `${label}: wider than 390 px (${widest.join("; ")})`).toBe(0);
    const texts = await shownTexts(page);
    expect(englishOnSpanishPage(texts), `${label}: English on the Spanish page`).toEqual([]);
    expect(rawKeys(texts), `${label}: raw text keys`).toEqual([]);
    await expectNoAxeViolations(page, label);
  }

  it("each state of the section is Spanish, fits 390 px and is axe clean", { timeout: 180_000 }, async () => {
    const { page, url } = browser;
    await cleanUp();
    await testAdmin().db.collection("users").doc(resident.uid).update({ Language: "es" });
    await page.goto(url("/login"));
    await fillLoginForm(page, resident.email, undefined, es as typeof en);
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 20_000 }).not.toBe("/login");
    await page.locator(".user-menu__button").waitFor({ state: "attached", timeout: 20_000 });
    await page.goto(url(`/account/${resident.uid}`));
    const section = page.getByRole("region", { name: S.Title });
    await section.waitFor({ timeout: 20_000 });
    expect(await page.locator("html").getAttribute("lang")).toBe("es");
    await section.getByRole("group", { name: S.Topic.bills }).waitFor();
    await expectSectionFits("preferences, no number yet (es, 390 px)");

    // A number that is not one: refused in Spanish, with the error summary.
    await section.getByLabel(S.PhoneLabel).fill("123");
    await section.getByRole("button", { name: S.SendCode }).click();
    await section.locator('#message-phone[aria-invalid="true"]').waitFor();
    await expectSectionFits("preferences, number refused (es, 390 px)");

    // The code form, a wrong code refused.
    await section.getByLabel(S.PhoneLabel).fill("8475550178");
    await section.getByRole("button", { name: S.SendCode }).click();
    await section.getByLabel(S.CodeLabel).waitFor({ timeout: 15_000 });
    const [codeText] = await textsTo(PHONE_ES);
    const code = /(\d{6})/.exec(codeText?.body ?? "")?.[1] as string;
    expect(code).toMatch(/^\d{6}$/);
    await section.getByLabel(S.CodeLabel).fill(code === "000000" ? "111111" : "000000");
    await section.getByRole("button", { name: S.ConfirmPhone }).click();
    await page.getByText(es.ErrorValidation.CodeWrong).first().waitFor();
    await expectSectionFits("preferences, code refused (es, 390 px)");

    // Confirmed: the success dialog, then texts chosen for bills and saved.
    await section.getByLabel(S.CodeLabel).fill(code);
    await section.getByRole("button", { name: S.ConfirmPhone }).click();
    await page.getByRole("dialog").filter({ hasText: S.PhoneNowConfirmed }).waitFor({ timeout: 15_000 });
    await expectSectionFits("preferences, number confirmed dialog (es, 390 px)");
    await page.getByRole("button", { name: es.Modal.Okay }).click();
    await section.getByText(S.PhoneConfirmed.replace("{{phone}}", "(847) 555-0178")).waitFor({ timeout: 15_000 });
    await section.getByRole("group", { name: S.Topic.bills }).getByLabel(S.Channel.text).check();
    await section.getByRole("button", { name: S.Save }).click();
    await page.getByRole("dialog").filter({ hasText: es.Modal.ChangesSaved }).waitFor();
    await page.getByRole("button", { name: es.Modal.Okay }).click();
    await expectSectionFits("preferences, texts chosen (es, 390 px)");

    // The number sends STOP: the section says texts stopped, with the city's number.
    const reply = await fetch(`${sms()}/__control/inbound`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ from: PHONE_ES, body: "STOP" }),
    });
    expect((await reply.json()) as { webhookStatus: number }).toMatchObject({ webhookStatus: 200 });
    await page.reload();
    await section
      .getByText(S.TextsStopped.replace("{{city}}", formatPhone(SMS_CITY_NUMBER)))
      .waitFor({ timeout: 20_000 });
    await expectSectionFits("preferences, texts stopped (es, 390 px)");
  });
});
