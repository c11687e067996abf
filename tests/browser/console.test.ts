import type { BrowserContext } from "playwright-core";
import { afterEach, describe, expect, it } from "vitest";
import { TEST_CARDS } from "../../emulators/src/sandboxes/payments/cards.ts";
import { BILLING_FIXTURES } from "../../emulators/src/seed/billing.ts";
import { seededUser } from "../../emulators/src/seed/fixtures.ts";
import en from "../../web/src/locales/en.json" with { type: "json" };
import es from "../../web/src/locales/es.json" with { type: "json" };
import { testAdmin } from "../kit/admin.ts";
import { expectNoAxeViolations, useBrowser } from "../kit/browser.ts";
import { enterCard } from "../kit/card-form.ts";
import { storeLanguage } from "../kit/language.ts";
import { logInThroughForm } from "../kit/log-in.ts";
import { CHARGE_ROUTE, gatewayTransactionsOf, paymentsControl, routeCount } from "../kit/payments.ts";
import { casesOfReport } from "../kit/reports.ts";
import { secondPersonContext } from "../kit/second-context.ts";
import { textsTo, withConfirmedTextPhone } from "../kit/texts.ts";

// Issue 31's console journeys: staff find Maria by phone and file a pothole for her; staff take her
// water payment by phone in the card provider's hosted frame (one charge at the payment sandbox);
// staff text James a payment link that he pays once (a second use is refused). Each action
// is in the admin's audit trail with its before and after. Keyboard, axe, 390 px.

const maria = seededUser("resident");
const james = seededUser("resident2");
const PHONE = "+18475550183";
const account = BILLING_FIXTURES.delinquentAccount.accountNumber;
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

/**
 * The admin's /audit-trail for one person and action, as an administrator reads it in her own
 * browser: the rows' text (when, who, action, person, item, before, after), newest first.
 */
async function auditTrailRows(
  context: BrowserContext,
  url: (path: string) => string,
  personUid: string,
  action: string,
): Promise<string[]> {
  const admin = await secondPersonContext(context);
  const page = await admin.newPage();
  try {
    await logInThroughForm(page, url, seededUser("admin").email);
    await page.goto(url(`/audit-trail?${new URLSearchParams({ personUid, action })}`));
    await page.getByRole("heading", { name: en.AuditAdmin.Records, exact: true }).waitFor({ timeout: 30_000 });
    const rows = page.locator("table tbody tr");
    await rows.first().waitFor({ timeout: 30_000 });
    return await rows.allTextContents();
  } finally {
    await admin.close();
  }
}

describe("the staff console", () => {
  const browser = useBrowser({ viewport: { width: 390, height: 844 } });

  it("staff find Maria by phone with the keyboard and file a pothole for her, marked as assisted", {
    timeout: 240_000,
  }, async () => {
    const { page, url } = browser;
    const phone = String((await testAdmin().db.collection("users").doc(maria.uid).get()).get("PhoneNumber"));
    await logInThroughForm(page, url, seededUser("staff").email);
    await page.goto(url("/console"));
    await page.getByLabel(en.Console.SearchBy).selectOption("phone");
    await page.getByLabel(en.Console.SearchFor).fill(phone);
    await page.getByLabel(en.Console.SearchFor).press("Enter");
    const found = page.getByRole("link", { name: "Maria Lopez" });
    await found.waitFor({ timeout: 30_000 });
    await found.focus();
    await page.keyboard.press("Enter");
    await page.getByRole("heading", { name: en.Console.Act.Title.replace("{{name}}", "Maria Lopez") }).waitFor({
      timeout: 30_000,
    });
    await expectNoAxeViolations(page, "/console/people/{Maria} (en, 390 px)");

    await page.getByLabel(en.Console.Act.ReportType).selectOption("pothole");
    await page.getByLabel(en.Map.TypeAddress).fill("138 Highland Ave");
    await page.getByLabel(en.Map.TypeAddress).press("Enter");
    // The place is chosen once the form says so (a suggestion listed earlier is not yet the place).
    await page
      .getByRole("status")
      .filter({ hasText: en.Console.Act.Place.replace("{{address}}", "138 Highland Ave") })
      .waitFor({ timeout: 30_000 });
    await page.getByLabel(en.Console.Act.Description).fill("Caller reports a deep pothole by the curb.");
    await page.getByRole("button", { name: en.Console.Act.FileReport }).click();
    const done = page.locator(".console-done").first();
    await done.waitFor({ timeout: 60_000 });
    const caseNumber = (await done.textContent())?.match(/\d{8}/)?.[0];
    expect(caseNumber, (await done.textContent()) ?? "").toBeTruthy();
    expect(await done.textContent()).toContain(seededUser("staff").email);
    const { db } = testAdmin();
    const filed = await db
      .collection("outbox")
      .where("uid", "==", maria.uid)
      .where("template", "==", "caseNumber")
      .get();
    expect(filed.docs.some((doc) => JSON.stringify(doc.get("content")).includes(caseNumber as string))).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    // The same page in Spanish is clean too.
    await storeLanguage(page, "es");
    await page.getByRole("heading", { name: es.Console.Act.Title.replace("{{name}}", "Maria Lopez") }).waitFor({
      timeout: 30_000,
    });
    await expectNoAxeViolations(page, "/console/people/{Maria} (es, 390 px)");
    const reportId = (
      await db.collection("outbox").where("uid", "==", maria.uid).where("kind", "==", "report").get()
    ).docs
      .map((doc) => doc.data())
      .find((entry) => entry.caseNumber === caseNumber)?.reportId as string;
    expect((await casesOfReport(reportId))[0]?.Description).toContain("Assisted by: counter@example.gov");

    // The audit trail: who filed it for Maria, nothing before (a new case), the case after.
    const trail = await auditTrailRows(browser.context, url, maria.uid, "console.assist.report");
    const row = trail.find((text) => text.includes(reportId));
    expect(row, trail.join("\n")).toBeDefined();
    expect(row).toContain(seededUser("staff").email);
    expect(row).toContain("—");
    expect(row).toContain(caseNumber as string);
  });

  it("staff take Maria's water payment by phone in the hosted frame: one charge at the payment sandbox (en, es)", {
    timeout: 240_000,
  }, async () => {
    const { page, url, context } = browser;
    const { db } = testAdmin();
    const mariaAccount = BILLING_FIXTURES.goodAccount.accountNumber;
    await logInThroughForm(page, url, seededUser("staff").email);
    // The person view is a payment-frame page: the payment pages' strict CSP, no third-party script.
    const opened = await page.goto(url(`/console/people/${maria.uid}`));
    expect(opened?.headers()["content-security-policy"]).toMatch(/script-src 'self';/);
    const section = page.locator("section[aria-labelledby=person-pay]");
    await section.getByRole("heading", { name: en.Console.Pay.Title }).waitFor({ timeout: 30_000 });
    await page.locator('html[data-chat-assistant="withheld"]').waitFor({ state: "attached", timeout: 20_000 });
    await section.getByRole("radio", { name: new RegExp(`^${mariaAccount}`) }).check();
    const enterTheCard = section.getByRole("button", { name: en.Console.Pay.EnterCard });
    await enterTheCard.focus();
    await page.keyboard.press("Enter");
    await section.locator("iframe.payment-frame").waitFor({ timeout: 30_000 });
    await expectNoAxeViolations(page, "/console/people/{Maria} card frame (en, 390 px)");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    const chargesBefore = await routeCount(paymentsControl(), CHARGE_ROUTE);
    await enterCard(page.frameLocator("iframe.payment-frame"), TEST_CARDS.approves, "en", "Maria Lopez");
    await section.getByText("Visa card ending in 1111 is ready.").waitFor({ timeout: 30_000 });
    const charge = section.getByRole("button", { name: /^Charge \$/ });
    await charge.focus();
    await page.keyboard.press("Enter");
    // Other journeys pay Maria's bill earlier in the run: "Pay again?" is answered yes.
    const done = section.locator(".console-done");
    const payAgain = section.getByRole("button", { name: en.Console.Pay.PayAgainYes });
    await done.or(payAgain).first().waitFor({ timeout: 60_000 });
    if (await payAgain.isVisible()) {
      await payAgain.focus();
      await page.keyboard.press("Enter");
    }
    await done.waitFor({ timeout: 60_000 });
    const said = (await done.textContent()) ?? "";
    expect(said).toContain(seededUser("staff").email);
    expect(said).toContain("XXXX1111");
    const transaction = said.match(/transaction (\d+)/)?.[1];
    expect(transaction, said).toBeTruthy();

    // What the payment sandbox recorded: one charge, this payment's, for the amount shown.
    expect((await routeCount(paymentsControl(), CHARGE_ROUTE)) - chargesBefore).toBe(1);
    const stored = await db.collection("payments").where("gatewayTransactionId", "==", transaction).get();
    expect(stored.docs).toHaveLength(1);
    const payment = stored.docs[0];
    expect(payment?.data()).toMatchObject({
      uid: maria.uid,
      assistedBy: seededUser("staff").email,
      state: "succeeded",
    });
    const recorded = await gatewayTransactionsOf(payment?.id as string);
    expect(recorded).toHaveLength(1);
    expect(recorded[0]).toMatchObject({ amountCents: payment?.get("amountCents"), last4: "1111" });
    expect(said).toContain(`$${((payment?.get("amountCents") as number) / 100).toFixed(2)}`);
    // Her receipt, by email (her channel for bills), in the outbox.
    const receipt = await db.collection("outbox").doc(`receipt-${payment?.id}`).get();
    expect(receipt.get("to")).toMatchObject({ email: maria.email });

    // The person view in Spanish, with the card frame open again: clean too.
    await storeLanguage(page, "es");
    await section.getByRole("heading", { name: es.Console.Pay.Title }).waitFor({ timeout: 30_000 });
    await section.getByRole("button", { name: es.Console.Pay.EnterCard }).click();
    await section.locator("iframe.payment-frame").waitFor({ timeout: 30_000 });
    await expectNoAxeViolations(page, "/console/people/{Maria} card frame (es, 390 px)");

    // The audit trail: who took it for Maria, what the bill owed before, the payment after.
    const trail = await auditTrailRows(context, url, maria.uid, "console.assist.payment");
    const row = trail.find((text) => text.includes(payment?.id as string));
    expect(row, trail.join("\n")).toBeDefined();
    expect(row).toContain(seededUser("staff").email);
    expect(row).toContain("amountDueCents");
    expect(row).toContain(transaction as string);
  });

  it("staff text James a payment link that he pays once: a second use is refused (en, es)", {
    timeout: 240_000,
  }, async () => {
    const { page, url, context } = browser;
    cleanups.push(await withConfirmedTextPhone(james.uid, PHONE));
    const textsBefore = (await textsTo(PHONE)).length;

    await logInThroughForm(page, url, seededUser("staff").email);
    await page.goto(url(`/console/people/${james.uid}`));
    await page.getByRole("heading", { name: en.Console.Link.Title }).waitFor({ timeout: 30_000 });
    await page.getByLabel(en.Console.Link.Kind.UTILITY).check();
    await page.getByLabel(en.Console.Link.AccountNumber).fill(account);
    await page.getByLabel(en.Console.Link.By.sms).check();
    await page.getByRole("button", { name: en.Console.Link.Send }).click();
    await page.locator("#person-link ~ .console-done, .console-section .console-done").first().waitFor({
      timeout: 30_000,
    });
    const text = (await textsTo(PHONE)).slice(textsBefore)[0]?.body ?? "";
    const link = text.match(/https?:\/\/\S+\/pay\/[A-Za-z0-9_-]{32}/)?.[0];
    expect(link, text).toBeTruthy();

    const own = await secondPersonContext(context);
    const phonePage = await own.newPage();
    await phonePage.setViewportSize({ width: 390, height: 844 });
    try {
      // James opens the text on his phone, signed in to the portal.
      await logInThroughForm(phonePage, url, james.email);
      await phonePage.goto(link as string);
      const go = phonePage.getByRole("button", { name: en.PaymentLink.Continue });
      await go.waitFor({ timeout: 30_000 });
      await expectNoAxeViolations(phonePage, "/pay/{token} (en)");
      await go.focus();
      await phonePage.keyboard.press("Enter");
      await phonePage.waitForURL((address) => address.pathname === "/payment", { timeout: 30_000 });
      expect(new URL(phonePage.url()).searchParams.get("accountNumber")).toBe(account);

      // He pays his bill there with his card ("Pay again?" answered yes: other journeys pay it too).
      await phonePage
        .getByRole("heading", { name: en.Payment.AccountLabel.replace("{{accountNumber}}", account) })
        .waitFor({ timeout: 30_000 });
      const next = phonePage.getByRole("button", { name: en.Payment.Next });
      if (await next.isDisabled()) await phonePage.getByLabel(en.Payment.Amount).fill("5.00");
      await next.click();
      const frame = phonePage.locator("iframe.payment-frame");
      const oneTime = phonePage.getByRole("radio", { name: en.Payment.OneTimeCard });
      await frame.or(oneTime).first().waitFor({ timeout: 30_000 });
      if (await oneTime.isVisible()) await oneTime.check();
      await enterCard(phonePage.frameLocator("iframe.payment-frame"), TEST_CARDS.approves, "en", "James OConnor");
      await phonePage.getByText("Visa card ending in 1111 is ready.").waitFor({ timeout: 30_000 });
      await phonePage.getByRole("button", { name: /^Pay \$/ }).click();
      const success = phonePage.getByRole("heading", { name: en.Payment.SuccessTitle });
      const payAgain = phonePage.getByRole("button", { name: en.Payment.PayAgainYes });
      await success.or(payAgain).first().waitFor({ timeout: 60_000 });
      if (await payAgain.isVisible()) await payAgain.click();
      await success.waitFor({ timeout: 60_000 });

      // The link again, in Spanish: refused, its one use was the payment.
      await phonePage.goto(link as string);
      await storeLanguage(phonePage, "es");
      await phonePage.getByRole("button", { name: es.PaymentLink.Continue }).click();
      await phonePage.getByRole("alert").filter({ hasText: es.PaymentLink.Used }).waitFor({ timeout: 30_000 });
      await expectNoAxeViolations(phonePage, "/pay/{token} used (es)");
      expect(await phonePage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    } finally {
      await own.close();
    }

    // The audit trail: who sent James which link, by text; nothing before (a new link), the link after.
    const trail = await auditTrailRows(context, url, james.uid, "console.assist.payment-link");
    const row = trail.find((text) => text.includes(account) && text.includes("sms"));
    expect(row, trail.join("\n")).toBeDefined();
    expect(row).toContain(seededUser("staff").email);
    expect(row).toContain("—");
  });
});
