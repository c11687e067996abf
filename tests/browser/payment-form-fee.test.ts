import type { FrameLocator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { sandboxControl } from "../../emulators/src/sandboxes/kit.ts";
import { TEST_CARDS } from "../../emulators/src/sandboxes/payments/cards.ts";
import { SEEDED_FORM_PROCESSES } from "../../emulators/src/seed/activities.ts";
import { seededUser } from "../../emulators/src/seed/fixtures.ts";
import en from "../../web/src/locales/en.json" with { type: "json" };
import es from "../../web/src/locales/es.json" with { type: "json" };
import { testAdmin } from "../kit/admin.ts";
import { expectNoAxeViolations, useBrowser } from "../kit/browser.ts";
import { storeLanguage } from "../kit/language.ts";
import { logInThroughForm } from "../kit/log-in.ts";
import { stackInfo } from "../kit/stack-info.ts";

/**
 * Issue 13 "Other payments" and spec 1 §2.12: a form with a fee goes on to /payment with its
 * payment code; the page shows the form fee the server read from the forms service and charges it.
 */

const resident = seededUser("resident");
const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 20_000 });
const payments = () => sandboxControl(stackInfo().sandboxes.payments as string);
const CHARGE_ROUTE = "POST /gateway/v1/transactions";
/** The seeded Alarm Permit form: a fixed $25.00 fee, catalogue payment code ALARM. */
const ALARM_FEE = "$25.00";

/** Payment pages end settled without the chat assistant (closing during its reload can hang). */
const settled = (page: Page) =>
  page.locator('html[data-chat-assistant="withheld"]').waitFor({ state: "attached", timeout: 20_000 });

/** Types a test card into the gateway's hosted form (the portal never sees the number). */
async function enterCard(frame: FrameLocator, cardNumber: string) {
  await frame.getByLabel("Name on card").fill("Maria Lopez");
  await frame.getByLabel("Card number").fill(cardNumber);
  await frame.getByLabel("Expiry date (MM/YY)").fill("12/39");
  await frame.getByLabel("Security code (CVV)").fill("123");
  await frame.getByLabel("Billing ZIP code").fill("60120");
  await frame.getByRole("button", { name: "Use this card" }).click();
}

/**
 * The resident has a saved card, which /payment preselects once the saved methods load: the
 * journey pays with a card typed in the provider's frame instead.
 */
async function chooseOneTimeCard(page: Page, label: string) {
  await page.getByLabel("Visa XXXX1111").waitFor();
  await page.getByLabel(label).check();
  await page.locator("iframe.payment-frame").waitFor();
}

describe("form fee payment", () => {
  const browser = useBrowser();

  it("fills the Alarm Permit form, goes to /payment with its payment code, pays the fee with the approving card and sees Form Fee on the confirmation", {
    timeout: 120_000,
  }, async () => {
    const { page, url } = browser;
    await logInThroughForm(page, url, resident.email, { expectPath: "/dashboard" });
    await page.goto(
      url(`/laserfiche/form?formTitle=Alarm%20Permit&bpid=${SEEDED_FORM_PROCESSES.alarmPermit}&paymentCode=ALARM`),
    );
    const frame = page.frameLocator("iframe.embedded-form__frame");
    await frame.getByLabel("First name (required)").fill("Maria");
    await frame.getByLabel("Last name (required)").fill("Lopez");
    await frame.getByLabel("Email address (required)").fill(resident.email);
    await frame.getByLabel("Street address (required)").fill("150 Dexter Ct");
    await frame.getByLabel("Alarm company (required)").fill("Fox Valley Alarms");
    await frame.getByLabel("Alarm type (required)").selectOption("Burglary");
    await frame.getByRole("button", { name: "Submit" }).click();

    // The page passes its payment code and the submission on; never an amount.
    await poll(() => new URL(page.url()).pathname).toBe("/payment");
    const query = new URL(page.url()).searchParams;
    expect(query.get("accountNumber")).toBe("000000000-000000000");
    expect(query.get("accountType")).toBe("Form Fee");
    expect(query.get("paymentCode")).toBe("ALARM");
    expect(query.get("amount")).toBeNull();
    const submissionId = query.get("submissionId") as string;
    expect(submissionId).toMatch(/^[0-9a-f-]{36}$/);

    // The fee as the forms service recorded it, under the form-fee account and type.
    const fee = page.getByRole("region", { name: "Form fee, account 000000000-000000000" });
    await fee.waitFor();
    await poll(() => fee.locator(".receipt").textContent()).toContain(ALARM_FEE);
    expect(await fee.locator(".receipt").textContent()).toContain(en.Payment.Type.FORM_FEE);
    await chooseOneTimeCard(page, en.Payment.OneTimeCard);
    await expectNoAxeViolations(page, "/payment form fee (en)");

    // The same page state in Spanish.
    await storeLanguage(page, "es");
    const feeEs = page.getByRole("region", { name: "Tarifa de formulario, cuenta 000000000-000000000" });
    await feeEs.waitFor();
    await poll(() => feeEs.locator(".receipt").textContent()).toContain(es.Payment.Type.FORM_FEE);
    await chooseOneTimeCard(page, es.Payment.OneTimeCard);
    await expectNoAxeViolations(page, "/payment form fee (es)");
    await storeLanguage(page, "en");

    // Pay with the approving card.
    const chargesBefore = (await payments().counters()).byRoute[CHARGE_ROUTE] ?? 0;
    await chooseOneTimeCard(page, en.Payment.OneTimeCard);
    await enterCard(page.frameLocator("iframe.payment-frame"), TEST_CARDS.approves);
    await page.getByText("Visa card ending in 1111 is ready.").waitFor();
    await page.getByRole("button", { name: `Pay ${ALARM_FEE}` }).click();
    await page.getByRole("heading", { name: en.Payment.SuccessTitle }).waitFor();
    const receipt = page.locator(".payment-confirmation .receipt");
    await poll(() => receipt.textContent()).toContain(en.Payment.Type.FORM_FEE);
    expect(await receipt.textContent()).toContain(ALARM_FEE);
    expect(await receipt.textContent()).toContain("000000000-000000000");
    expect(((await payments().counters()).byRoute[CHARGE_ROUTE] ?? 0) - chargesBefore).toBe(1);
    await expectNoAxeViolations(page, "/payment form fee confirmation (en)");

    // Recorded once, in integer cents, for this submission.
    const recorded = await testAdmin().db.collection("payments").where("reference", "==", submissionId).get();
    expect(recorded.docs.map((doc) => [doc.get("state"), doc.get("amountCents"), doc.get("paymentType")])).toEqual([
      ["succeeded", 2500, "FORM_FEE"],
    ]);

    // Opened again, the link says the fee is paid and offers no card form.
    await page.goto(url(`/payment?${query.toString()}`));
    await page.getByText(en.Payment.FormFee.Paid).waitFor();
    expect(await page.locator("iframe.payment-frame").count()).toBe(0);
    await settled(page);
  });
});
