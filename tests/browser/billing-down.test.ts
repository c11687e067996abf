import type { FrameLocator, Page } from "playwright-core";
import { afterEach, describe, expect, it } from "vitest";
import { sandboxControl } from "../../emulators/src/sandboxes/kit.ts";
import { TEST_CARDS } from "../../emulators/src/sandboxes/payments/cards.ts";
import { BILLING_FIXTURES } from "../../emulators/src/seed/billing.ts";
import en from "../../web/src/locales/en.json" with { type: "json" };
import es from "../../web/src/locales/es.json" with { type: "json" };
import { expectNoAxeViolations, useBrowser } from "../kit/browser.ts";
import { stackInfo } from "../kit/stack-info.ts";
import { lookUpWaterAccount } from "../kit/water-account.ts";

/** Issue 13 "Downstream faults": with the billing sandbox down the payment pages say so and nothing is charged. */

const CHARGE_ROUTE = "POST /gateway/v1/transactions";
const billing = () => sandboxControl(stackInfo().sandboxes.billing as string);
const payments = () => sandboxControl(stackInfo().sandboxes.payments as string);
const charges = async () => (await payments().counters()).byRoute[CHARGE_ROUTE] ?? 0;
const { accountNumber } = BILLING_FIXTURES.delinquentAccount;

/** Payment pages end settled without the chat assistant (closing during its reload can hang). */
const settled = (page: Page) =>
  page.locator('html[data-chat-assistant="withheld"]').waitFor({ state: "attached", timeout: 20_000 });

async function enterCard(frame: FrameLocator, cardNumber: string) {
  await frame.getByLabel("Name on card").fill("Pat Guest");
  await frame.getByLabel("Card number").fill(cardNumber);
  await frame.getByLabel("Expiry date (MM/YY)").fill("12/39");
  await frame.getByLabel("Security code (CVV)").fill("123");
  await frame.getByLabel("Billing ZIP code").fill("60120");
  await frame.getByRole("button", { name: "Use this card" }).click();
}

describe("payments with the billing system down", () => {
  const browser = useBrowser();
  afterEach(() => billing().setFaults({ down: false }));

  it("the lookup says the billing system is unavailable, in English and Spanish, and nothing is charged", async () => {
    const { page, url } = browser;
    const before = await charges();
    await billing().setFaults({ down: true });
    await page.goto(url("/payment"));
    await page.getByLabel(en.Payment.CustomerId).fill(accountNumber);
    await page.getByRole("button", { name: en.Payment.LookUp }).click();
    await page.getByRole("alert").filter({ hasText: en.Payment.BillingUnavailable }).waitFor();
    expect(await page.getByRole("button", { name: en.Payment.Next }).count()).toBe(0);
    await expectNoAxeViolations(page, "/payment billing down (en)");

    await page.evaluate(() => {
      localStorage.setItem("language", "es");
      localStorage.setItem("isLanguageOverwrittenByDropdown", "true");
    });
    await page.reload();
    await page.getByLabel(es.Payment.CustomerId).fill(accountNumber);
    await page.getByRole("button", { name: es.Payment.LookUp }).click();
    await page.getByRole("alert").filter({ hasText: es.Payment.BillingUnavailable }).waitFor();
    await expectNoAxeViolations(page, "/payment billing down (es)");
    expect(await charges()).toBe(before);
    await settled(page);
  }, 120_000);

  it("going down after the lookup: Pay is refused, the page says no money was taken, and the gateway has no charge", async () => {
    const { page, url } = browser;
    await page.goto(url("/payment"));
    await lookUpWaterAccount(page, accountNumber);
    await page.getByRole("button", { name: en.Payment.Next }).click();
    await enterCard(page.frameLocator("iframe.payment-frame"), TEST_CARDS.approves);
    await page.getByText("Visa card ending in 1111 is ready.").waitFor();
    const before = await charges();
    await billing().setFaults({ down: true });
    await page.getByRole("button", { name: /^Pay \$/ }).click();
    const alert = page.getByRole("alert").filter({ hasText: en.Payment.FailedTitle });
    await alert.waitFor();
    expect(await alert.textContent()).toContain(en.Payment.NoMoneyTaken);
    expect(await charges()).toBe(before);
    await expectNoAxeViolations(page, "/payment refused, billing down (en)");
    await settled(page);
  }, 120_000);
});
