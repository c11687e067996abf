import { afterEach, describe, expect, it } from "vitest";
import { BILLING_FIXTURES } from "../../emulators/src/seed/billing.ts";
import { seededUser } from "../../emulators/src/seed/fixtures.ts";
import en from "../../web/src/locales/en.json" with { type: "json" };
import { callApi } from "../kit/api.ts";
import { expectNoAxeViolations, useBrowser } from "../kit/browser.ts";
import { logInThroughForm } from "../kit/log-in.ts";
import { principal } from "../kit/principals.ts";
import { lookUpAndGoOn, openAutopay, waterAccountRow } from "../kit/water-account.ts";

/**
 * Issue 13 "Paying": the autopay checkbox on /payment. A resident pays their own water account
 * with a saved card and autopay ticked; the account page then shows the account on card autopay.
 */

const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 20_000 });
const resident = seededUser("resident");
const { accountNumber } = BILLING_FIXTURES.goodAccount;
/** The resident's seeded card at the legacy gateway ("Visa XXXX1111"). */
const SEEDED_CARD = "9100000000000001";

const removeAutopay = async () =>
  callApi("DELETE", "/api/autopay/", { token: (await principal("resident")).idToken, body: { accountNumber } });

describe("autopay checkbox on /payment", () => {
  const browser = useBrowser();

  afterEach(async () => {
    // Other journeys expect the account without autopay.
    await removeAutopay();
  });

  it("a resident pays with the saved card and autopay ticked, and billing settings show card autopay", {
    timeout: 120_000,
  }, async () => {
    const { page, url } = browser;
    await removeAutopay();
    await logInThroughForm(page, url, resident.email, { expectPath: "/dashboard" });

    // Before: the account page says autopay is off.
    await page.goto(url(`/account/${resident.uid}`));
    await poll(() => waterAccountRow(page, accountNumber).textContent()).toContain(en.Billing.Autopay.Status.none);

    await page.goto(url(`/payment?accountNumber=${accountNumber}`));
    // Paid already this cycle by another journey? A signed-in payer may still pay $1 or more (it types $5).
    await lookUpAndGoOn(page, accountNumber);

    // The saved default card is preselected, so the autopay box is offered; tick it with the keyboard.
    const saved = page.getByLabel("Visa XXXX1111");
    await saved.waitFor();
    expect(await saved.isChecked()).toBe(true);
    const autopay = page.getByLabel(en.PaymentAutopay.OptIn);
    await autopay.focus();
    await page.keyboard.press("Space");
    expect(await autopay.isChecked()).toBe(true);
    await expectNoAxeViolations(page, "/payment with autopay ticked");

    // Choosing a one-time card withdraws the offer (autopay needs a saved card).
    await page.getByLabel(en.Payment.OneTimeCard).check();
    expect(await autopay.count()).toBe(0);
    await saved.check();
    await autopay.check();

    await page.getByRole("button", { name: /^Pay \$/ }).click();
    const payAgain = page.getByRole("button", { name: en.Payment.PayAgainYes });
    const success = page.getByRole("heading", { name: en.Payment.SuccessTitle });
    await success.or(payAgain).first().waitFor();
    if (await payAgain.isVisible()) await payAgain.click();
    await success.waitFor();
    await page.getByText(en.PaymentAutopay.On).waitFor();

    // Billing settings: the account is on card autopay with the card that paid.
    await page.goto(url(`/account/${resident.uid}`));
    await poll(() => waterAccountRow(page, accountNumber).textContent()).toContain(en.Billing.Autopay.Status.card);
    const dialog = await openAutopay(page, accountNumber);
    expect(await dialog.getByLabel(en.Billing.Autopay.Toggle).isChecked()).toBe(true);
    expect(await dialog.getByLabel(en.Billing.Autopay.CardTab).isChecked()).toBe(true);
    expect(await dialog.getByLabel(en.Billing.Autopay.Card, { exact: true }).inputValue()).toBe(SEEDED_CARD);
  });
});
