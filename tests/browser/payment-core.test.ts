import type { Page } from "playwright-core";
import { afterEach, describe, expect, it } from "vitest";
import { balanceCents } from "../../emulators/src/sandboxes/billing/store.ts";
import { sandboxControl } from "../../emulators/src/sandboxes/kit.ts";
import { TEST_CARDS } from "../../emulators/src/sandboxes/payments/cards.ts";
import { BILLING_FIXTURES, buildBillingSeed } from "../../emulators/src/seed/billing.ts";
import { seededUser } from "../../emulators/src/seed/fixtures.ts";
import type { PaymentResult } from "../../functions/src/contract/payment.ts";
import en from "../../web/src/locales/en.json" with { type: "json" };
import es from "../../web/src/locales/es.json" with { type: "json" };
import { testAdmin } from "../kit/admin.ts";
import { callApi } from "../kit/api.ts";
import { expectNoAxeViolations, useBrowser } from "../kit/browser.ts";
import { CARD_FORM } from "../kit/card-form.ts";
import { storeLanguage } from "../kit/language.ts";
import { logInThroughForm } from "../kit/log-in.ts";
import { principal } from "../kit/principals.ts";
import { stackInfo } from "../kit/stack-info.ts";
import { lookUpWaterAccount } from "../kit/water-account.ts";

/**
 * Issue 32 "Done when": with EnableCORE on a resident pays a bill in the CORE hosted frame and
 * Finish lands on /dashboard (spec 2 §2, §4, §9: frame height 570, +145 on the payment page, taller
 * and scrollable on a frame error; the frame's submit, success and error events).
 */

const POST_ROUTE = "POST /naviline/api/v1/payments";
const billing = () => sandboxControl(stackInfo().sandboxes.billing as string);
const account = BILLING_FIXTURES.goodAccount.accountNumber;
const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 20_000 });

/** The CORE sandbox's card form: the gateway form's labels (one hosted page), and its submit button ("Pay $38.98"). */
const frameText = (language: "en" | "es") => {
  const [name, number, expiry, cvv, zip] = CARD_FORM[language];
  return [name, number, expiry, cvv, zip, language === "es" ? /^Pagar \$/ : /^Pay \$/] as const;
};

async function setFlag(name: string, enabled: boolean) {
  await testAdmin().db.collection("featureFlags").doc(name).set({ name, enabled });
}

async function resetPayments() {
  expect((await fetch(`${stackInfo().sandboxes.billing}/__sandbox/reset-payments`, { method: "POST" })).ok).toBe(true);
}

/** Records the heights the frame reports to the page (before any page script runs). */
async function recordFrameHeights(page: Page) {
  await page.addInitScript(() => {
    const heights: number[] = [];
    (window as unknown as { coreHeights: number[] }).coreHeights = heights;
    window.addEventListener("message", (event) => {
      const data = event.data as { source?: string; type?: string; height?: number };
      if (data?.source === "core-payments" && data.type === "height" && typeof data.height === "number")
        heights.push(data.height);
    });
  });
}

const lastReportedHeight = (page: Page) =>
  page.evaluate(() => (window as unknown as { coreHeights: number[] }).coreHeights.at(-1) ?? 0);

/** The iframe's height as the page set it, in px. */
const frameHeight = (iframe: ReturnType<Page["locator"]>) =>
  iframe.evaluate((el: HTMLIFrameElement) => Number.parseFloat(el.style.height));

/** From the dashboard's Pay Bill to the hosted frame for the resident's own account. */
async function openFrame(page: Page, url: (path: string) => string, language: "en" | "es") {
  const texts = language === "es" ? es : en;
  await recordFrameHeights(page);
  await logInThroughForm(page, url, seededUser("resident").email);
  await page.goto(url("/dashboard"));
  if (language === "es") await storeLanguage(page, "es");
  await page.getByRole("button", { name: texts.DashboardHome.PayBill }).click();
  await page.getByRole("heading", { name: texts.Payment.AccountLabel.replace("{{accountNumber}}", account) }).waitFor();
  await page.getByRole("button", { name: texts.Payment.Next }).click();
  const iframe = page.locator(`iframe[title="${texts.Payment.Core.FrameTitle}"]`);
  // The account may have been paid earlier in the run: "Pay again?" is answered yes.
  const payAgain = page.getByRole("button", { name: texts.Payment.PayAgainYes });
  await iframe.or(payAgain).first().waitFor();
  if (await payAgain.isVisible()) await payAgain.click();
  await iframe.waitFor();
  // No legacy card form with EnableCORE on.
  expect(await page.locator("iframe.payment-frame").count()).toBe(0);
  return { iframe, frame: page.frameLocator(`iframe[title="${texts.Payment.Core.FrameTitle}"]`) };
}

async function typeCard(frame: ReturnType<Page["frameLocator"]>, cardNumber: string, language: "en" | "es") {
  const [name, number, expiry, cvv, zip, submit] = frameText(language);
  await frame.getByLabel(name).fill("Maria Lopez");
  await frame.getByLabel(number).fill(cardNumber);
  await frame.getByLabel(expiry).fill("12/39");
  await frame.getByLabel(cvv).fill("123");
  await frame.getByLabel(zip).fill("60120");
  await frame.getByRole("button", { name: submit }).click();
}

describe("CORE hosted bill-pay frame (EnableCORE, issue 32)", () => {
  const browser = useBrowser();

  afterEach(async () => {
    // The seed has EnableCORE off and the resident's bill unpaid; other files rely on both.
    await setFlag("EnableCORE", false);
    await resetPayments();
  });

  for (const language of ["en", "es"] as const) {
    it(`a resident pays her bill in the hosted frame, the payment is posted once, and Finish lands on /dashboard (${language})`, async () => {
      const { page, url } = browser;
      const texts = language === "es" ? es : en;
      await resetPayments();
      await setFlag("EnableCORE", true);
      const { iframe, frame } = await openFrame(page, url, language);

      // Spec 2 §9: the page adds 145 to the height the frame reports (the frame starts at 570).
      await poll(() => lastReportedHeight(page)).toBeGreaterThan(0);
      await poll(async () => (await frameHeight(iframe)) - (await lastReportedHeight(page))).toBe(145);
      expect(await lastReportedHeight(page)).toBeGreaterThanOrEqual(570);
      await frame.getByLabel(frameText(language)[0]).waitFor();
      await expectNoAxeViolations(page, `/payment CORE frame (${language})`);

      const postsBefore = (await billing().counters()).byRoute[POST_ROUTE] ?? 0;
      await typeCard(frame, TEST_CARDS.approves, language);
      await page.getByRole("heading", { name: texts.Payment.SuccessTitle }).waitFor();
      const paymentId = new URL(page.url()).searchParams.get("receipt") ?? "";
      expect(paymentId).toMatch(/^[0-9a-f]{40}$/);
      await poll(() => page.locator(".receipt").textContent()).toContain("****1111");
      expect(await page.locator(".receipt").textContent()).toContain(account);
      expect(((await billing().counters()).byRoute[POST_ROUTE] ?? 0) - postsBefore).toBe(1);
      await expectNoAxeViolations(page, `/payment CORE confirmation (${language})`);

      // The frame's success names the provider's transaction; reporting it again with the session's
      // payment id records nothing again.
      const receipt = await callApi<PaymentResult>("GET", `/api/payment/receipt/${paymentId}`);
      const transactionId = receipt.body.authNetTransId;
      const resident = await principal("resident");
      const again = await callApi<PaymentResult>("POST", "/api/core/bill-pay/complete", {
        token: resident.idToken,
        body: { paymentId, transactionId },
      });
      expect(again.status).toBe(200);
      expect(again.body.paymentId).toBe(paymentId);
      // Another payer (a guest) cannot claim it, even with the session's id.
      const stranger = await callApi("POST", "/api/core/bill-pay/complete", { body: { paymentId, transactionId } });
      expect(stranger.status).toBe(404);
      expect(((await billing().counters()).byRoute[POST_ROUTE] ?? 0) - postsBefore).toBe(1);

      await page.getByRole("link", { name: texts.Payment.Finish }).click();
      await poll(() => new URL(page.url()).pathname).toBe("/dashboard");
    });
  }

  it("a declined card: the frame's error shows, nothing is posted, and the frame grows taller and scrollable", async () => {
    const { page, url } = browser;
    await resetPayments();
    await setFlag("EnableCORE", true);
    const { iframe, frame } = await openFrame(page, url, "en");
    await frame.getByLabel(frameText("en")[0]).waitFor();
    const postsBefore = (await billing().counters()).byRoute[POST_ROUTE] ?? 0;
    await typeCard(frame, TEST_CARDS.declines, "en");
    await page.getByRole("alert").filter({ hasText: en.Payment.Core.Error }).waitFor();
    await poll(async () => (await frameHeight(iframe)) - (await lastReportedHeight(page))).toBe(145 + 200);
    expect(await iframe.evaluate((el: HTMLIFrameElement) => el.style.overflow)).toBe("auto");
    expect((await billing().counters()).byRoute[POST_ROUTE] ?? 0).toBe(postsBefore);
    await expectNoAxeViolations(page, "/payment CORE frame error");
  });
});

/**
 * Spec 2 §2: "The route is available to anonymous users as the guest payment", and with EnableCORE
 * on the hosted frame replaces the legacy form there too: a guest (signed out) looks an account up,
 * pays it in the frame, and Finish takes her to the home page (she has no dashboard).
 */
describe("a guest pays on /payment in the CORE frame (EnableCORE, issue 32)", () => {
  const browser = useBrowser();
  /** Owing accounts nobody else in this file pays, one per language (no contact, no autopay). */
  const guestAccounts = buildBillingSeed()
    .accounts.filter((candidate) => balanceCents(candidate) > 0 && !candidate.contactId && !candidate.autopay)
    .slice(5, 7);

  afterEach(async () => {
    await setFlag("EnableCORE", false);
    await resetPayments();
  });

  for (const [language, seeded] of [
    ["en", guestAccounts[0]],
    ["es", guestAccounts[1]],
  ] as const) {
    it(`signed out: lookup, the frame instead of the legacy form, paid once, confirmation, Finish home (${language})`, async () => {
      const { page, url } = browser;
      const texts = language === "es" ? es : en;
      if (!seeded) throw new Error("the billing seed has too few owing accounts");
      const guestAccount = `${seeded.customerId}-${seeded.locationId}`;
      await setFlag("EnableCORE", true);
      await recordFrameHeights(page);
      await page.goto(url("/payment"));
      if (language === "es") await storeLanguage(page, "es");
      await lookUpWaterAccount(page, guestAccount, texts as typeof en);
      await page.getByRole("button", { name: texts.Payment.Next }).click();
      const iframe = page.locator(`iframe[title="${texts.Payment.Core.FrameTitle}"]`);
      await iframe.waitFor();
      expect(await page.locator("iframe.payment-frame").count()).toBe(0);
      const frame = page.frameLocator(`iframe[title="${texts.Payment.Core.FrameTitle}"]`);
      await frame.getByLabel(frameText(language)[0]).waitFor();
      await poll(async () => (await frameHeight(iframe)) - (await lastReportedHeight(page))).toBe(145);
      await expectNoAxeViolations(page, `/payment CORE frame, signed out (${language})`);

      const postsBefore = (await billing().counters()).byRoute[POST_ROUTE] ?? 0;
      await typeCard(frame, TEST_CARDS.approves, language);
      await page.getByRole("heading", { name: texts.Payment.SuccessTitle }).waitFor();
      const paymentId = new URL(page.url()).searchParams.get("receipt") ?? "";
      expect(paymentId).toMatch(/^[0-9a-f]{40}$/);
      await poll(() => page.locator(".receipt").textContent()).toContain(guestAccount);
      expect(((await billing().counters()).byRoute[POST_ROUTE] ?? 0) - postsBefore).toBe(1);
      // The provider charged the amount the server set for the session: what was due.
      const receipt = await callApi<PaymentResult>("GET", `/api/payment/receipt/${paymentId}`);
      expect(receipt.status).toBe(200);
      expect(receipt.body.amountCents).toBe(balanceCents(seeded));
      await expectNoAxeViolations(page, `/payment CORE confirmation, signed out (${language})`);

      await page.getByRole("link", { name: texts.Payment.Finish }).click();
      await poll(() => new URL(page.url()).pathname).toBe("/");
    });
  }
});

/**
 * Spec 2 §7: the bill-pay frame on a page of its own, as the mobile app's web view opens it:
 * /core/bill-pay/iframe/unauth for anyone, /core/bill-pay/iframe signed in; the frame is 60 taller
 * than it reports (spec 2 §2, §9), `english` chooses the frame's language, and the page shows the
 * confirmation once the server recorded the payment.
 */
describe("the bill-pay frame pages (EnableCORE, spec 2 §7)", () => {
  const browser = useBrowser();

  afterEach(async () => {
    await setFlag("EnableCORE", false);
    await resetPayments();
  });

  const framePage = (path: string, english: boolean) =>
    `${path}?${new URLSearchParams({ transactionType: "BILL_PAY", accountNumber: account, amount: "38.98", english: String(english), appCode: "UTILITY" })}`;

  it("a guest pays on /core/bill-pay/iframe/unauth: +60 on the frame's height, paid once, confirmation (en)", async () => {
    const { page, url } = browser;
    await resetPayments();
    await setFlag("EnableCORE", true);
    await recordFrameHeights(page);
    await page.goto(url(framePage("/core/bill-pay/iframe/unauth", true)));
    await page.getByRole("heading", { level: 1, name: en.Pages.CoreBillPayFrame }).waitFor();
    const iframe = page.locator(`iframe[title="${en.Payment.Core.FrameTitle}"]`);
    const payAgain = page.getByRole("button", { name: en.Payment.PayAgainYes });
    await iframe.or(payAgain).first().waitFor();
    if (await payAgain.isVisible()) await payAgain.click();
    const frame = page.frameLocator(`iframe[title="${en.Payment.Core.FrameTitle}"]`);
    await poll(() => lastReportedHeight(page)).toBeGreaterThan(0);
    await poll(async () => (await frameHeight(iframe)) - (await lastReportedHeight(page))).toBe(60);
    await frame.getByLabel(frameText("en")[0]).waitFor();
    await expectNoAxeViolations(page, "/core/bill-pay/iframe/unauth (en)");

    const postsBefore = (await billing().counters()).byRoute[POST_ROUTE] ?? 0;
    await typeCard(frame, TEST_CARDS.approves, "en");
    await page.getByRole("heading", { name: en.Payment.SuccessTitle }).waitFor();
    await poll(() => page.locator(".receipt").textContent()).toContain(account);
    expect(((await billing().counters()).byRoute[POST_ROUTE] ?? 0) - postsBefore).toBe(1);
    await expectNoAxeViolations(page, "/core/bill-pay/iframe/unauth confirmation (en)");
  });

  it("the resident's /core/bill-pay/iframe in Spanish: the frame in Spanish (english=false), +60 (es)", async () => {
    const { page, url } = browser;
    await resetPayments();
    await setFlag("EnableCORE", true);
    await recordFrameHeights(page);
    await logInThroughForm(page, url, seededUser("resident").email);
    await page.goto(url(framePage("/core/bill-pay/iframe", false)));
    await storeLanguage(page, "es");
    await page.getByRole("heading", { level: 1, name: es.Pages.CoreBillPayFrame }).waitFor();
    const iframe = page.locator(`iframe[title="${es.Payment.Core.FrameTitle}"]`);
    const payAgain = page.getByRole("button", { name: es.Payment.PayAgainYes });
    await iframe.or(payAgain).first().waitFor();
    if (await payAgain.isVisible()) await payAgain.click();
    const frame = page.frameLocator(`iframe[title="${es.Payment.Core.FrameTitle}"]`);
    await frame.getByLabel(frameText("es")[0]).waitFor();
    await poll(async () => (await frameHeight(iframe)) - (await lastReportedHeight(page))).toBe(60);
    await expectNoAxeViolations(page, "/core/bill-pay/iframe (es)");
  });
});
