import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_CARDS } from "../../emulators/src/sandboxes/payments/cards.ts";
import en from "../../web/src/locales/en.json" with { type: "json" };
import es from "../../web/src/locales/es.json" with { type: "json" };
import { callApi } from "../kit/api.ts";
import { expectNoAxeViolations, useBrowser } from "../kit/browser.ts";
import { enterCard } from "../kit/card-form.ts";
import { cardNonce } from "../kit/card-nonce.ts";
import { freshResident } from "../kit/cases.ts";
import { stackCrm } from "../kit/identity.ts";
import { storeLanguage } from "../kit/language.ts";
import { logInThroughForm } from "../kit/log-in.ts";
import { CHARGE_ROUTE, paymentsControl, routeCount } from "../kit/payments.ts";
import { type PendingPermit, pendingPermitOf } from "../kit/permit-fee.ts";
import { signIn } from "../kit/principals.ts";

/**
 * Issue 32 "Permit fees cannot be paid": a case in Pending Payment links "Pay now" to
 * /payment?accountType=PERMIT&accountNumber={case number}; the page shows the fee and its lines as
 * the CRM keeps them, charges it once, records it on the case (it leaves Pending Payment) and the
 * case page shows the receipt. A second attempt is refused.
 */

const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 20_000 });
const charges = () => routeCount(paymentsControl(), CHARGE_ROUTE);

/** Payment pages end settled without the chat assistant (closing during its reload can hang). */
const settled = (page: Page) =>
  page.locator('html[data-chat-assistant="withheld"]').waitFor({ state: "attached", timeout: 20_000 });

describe("paying a permit fee from the case page", () => {
  const browser = useBrowser();
  let resident: Awaited<ReturnType<typeof freshResident>>;
  let permit: PendingPermit;

  beforeAll(async () => {
    resident = await freshResident("permit-fee");
    permit = await pendingPermitOf(resident.contactId);
  });
  afterAll(async () => resident?.remove(permit?.records ?? []));

  it("pays the fee the CRM itemizes, the case shows paid with its receipt, and a second attempt is refused", {
    timeout: 180_000,
  }, async () => {
    const { page, url } = browser;
    const casePath = `/activity-view/COE_Permit__c/${permit.id}`;
    await logInThroughForm(page, url, resident.email, { password: resident.password });
    await page.goto(url(casePath));

    // The case page asks for the fee and links to /payment with the case number only.
    const request = page.getByRole("region", { name: en.Activity.PaymentRequest });
    await request.getByText(en.Activity.PaymentDue.replace("{{amount}}", "$75.00")).waitFor();
    const payNow = request.getByRole("link", { name: en.Activity.Pay });
    const href = new URL((await payNow.getAttribute("href")) as string, url("/"));
    expect(href.pathname).toBe("/payment");
    expect(Object.fromEntries(href.searchParams)).toEqual({ accountType: "PERMIT", accountNumber: permit.caseNumber });
    await expectNoAxeViolations(page, "case page, fee due (en)");

    await payNow.click();
    const fee = page.getByRole("region", { name: `Fee for case ${permit.caseNumber}` });
    await fee.waitFor();
    const lines = fee.getByRole("table", { name: en.Payment.Permit.Lines });
    const rows = lines.locator("tbody tr");
    await poll(() => rows.count()).toBe(2);
    const cells = async (index: number) =>
      (await rows.nth(index).locator("td").allInnerTexts()).map((cell) => cell.trim());
    expect([await cells(0), await cells(1)]).toEqual([
      [permit.caseNumber, "Permit fee", "$60.00"],
      [permit.caseNumber, "Plan review fee", "$15.00"],
    ]);
    await fee.getByText(en.Payment.AmountDue.replace("{{amount}}", "$75.00")).waitFor();
    await page.locator("iframe.payment-frame").waitFor();
    await expectNoAxeViolations(page, "/payment permit fee (en)");

    // The same page in Spanish.
    await storeLanguage(page, "es");
    const feeEs = page.getByRole("region", { name: `Tarifa del caso ${permit.caseNumber}` });
    await feeEs.getByRole("table", { name: es.Payment.Permit.Lines }).waitFor();
    await feeEs.getByText(es.Payment.AmountDue.replace("{{amount}}", "$75.00")).waitFor();
    await page.locator("iframe.payment-frame").waitFor();
    await expectNoAxeViolations(page, "/payment permit fee (es)");
    await storeLanguage(page, "en");

    // Pay with the approving card: one charge of the CRM's amount.
    const before = await charges();
    await page.getByRole("region", { name: `Fee for case ${permit.caseNumber}` }).waitFor();
    await enterCard(page.frameLocator("iframe.payment-frame"), TEST_CARDS.approves, "en", "Test Permit");
    await page.getByText("Visa card ending in 1111 is ready.").waitFor();
    await page.getByRole("button", { name: "Pay $75.00" }).click();
    await page.getByRole("heading", { name: en.Payment.SuccessTitle }).waitFor();
    const receipt = page.locator(".payment-confirmation .receipt");
    await poll(() => receipt.textContent()).toContain(en.Payment.Type.PERMIT);
    expect(await receipt.textContent()).toContain(permit.caseNumber);
    expect(await receipt.textContent()).toContain("$75.00");
    expect((await charges()) - before).toBe(1);

    // Recorded on the case in the CRM: no payment asked any more, the next status, the payment named.
    const record = await stackCrm().retrieve("COE_Permit__c", permit.id);
    expect(record).toMatchObject({
      Status__c: "Ready for Issuance",
      Payment_Required__c: false,
      Paid_Amount__c: 75,
    });
    expect(String(record.Payment_Transaction_Id__c)).not.toBe("");

    // Back on the case page: paid, with the receipt, and no Pay now.
    await page.getByRole("link", { name: en.Payment.BackToCase }).click();
    await poll(() => new URL(page.url()).pathname).toBe(casePath);
    const paid = page.getByRole("region", { name: en.Payment.PaidFee.Title });
    await paid.waitFor();
    expect(await paid.locator(".receipt").textContent()).toContain("$75.00");
    expect(await paid.locator(".receipt").textContent()).toContain(String(record.Payment_Transaction_Id__c));
    expect(await page.getByRole("link", { name: en.Activity.Pay }).count()).toBe(0);
    // The status under the title is the next one of the path (the path itself still lists Pending Payment).
    expect(await page.locator(".activity-detail > p .status-badge").first().textContent()).toBe(
      en.CaseStatus.PermitReady,
    );
    await paid.getByRole("link", { name: en.Payment.PaidFee.ViewReceipt }).waitFor();
    await expectNoAxeViolations(page, "case page, paid (en)");
    await storeLanguage(page, "es");
    await page.getByRole("region", { name: es.Payment.PaidFee.Title }).waitFor();
    await expectNoAxeViolations(page, "case page, paid (es)");
    await storeLanguage(page, "en");

    // The link opened again shows the payment and no card form.
    await page.goto(url(`/payment?${href.searchParams.toString()}`));
    await page.getByRole("region", { name: en.Payment.PaidFee.Title }).waitFor();
    expect(await page.locator("iframe.payment-frame").count()).toBe(0);

    // A second attempt straight at the API, with a new key and a new card, is refused and charges nothing.
    const token = await signIn(resident.email, resident.password);
    const again = await callApi<{ error: { code: string } }>("POST", "/api/payment", {
      token,
      headers: { "Idempotency-Key": `permit-again-${Date.now()}` },
      body: {
        paymentType: "PERMIT",
        nonce: await cardNonce(),
        amountCents: 7500,
        permit: { accountNumber: permit.caseNumber },
      },
    });
    expect([again.status, again.body.error.code]).toEqual([409, "conflict"]);
    expect((await charges()) - before).toBe(1);
    await settled(page);
  });
});
