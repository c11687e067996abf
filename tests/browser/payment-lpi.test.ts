import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_CARDS } from "../../emulators/src/sandboxes/payments/cards.ts";
import { soql } from "../../functions/src/connectors/crm/soql";
import en from "../../web/src/locales/en.json" with { type: "json" };
import es from "../../web/src/locales/es.json" with { type: "json" };
import { callApi } from "../kit/api.ts";
import { expectNoAxeViolations, useBrowser } from "../kit/browser.ts";
import { enterCard } from "../kit/card-form.ts";
import { cardNonce } from "../kit/card-nonce.ts";
import { freshResident, type MadeRecord } from "../kit/cases.ts";
import { stackCrm } from "../kit/identity.ts";
import { storeLanguage } from "../kit/language.ts";
import { logInThroughForm } from "../kit/log-in.ts";
import { CHARGE_ROUTE, newLpiParent, paymentsControl, routeCount } from "../kit/payments.ts";
import { signIn } from "../kit/principals.ts";

/**
 * Issue 32 "LPI bills are a hard-coded $25 line": a letter's record link files one late-payment-
 * interest application however often it is opened; its bill is the interest the CRM keeps,
 * itemized; it is paid once, shows as paid, and a second attempt is refused.
 */

const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 20_000 });
const charges = () => routeCount(paymentsControl(), CHARGE_ROUTE);

/** Payment pages end settled without the chat assistant (closing during its reload can hang). */
const settled = (page: Page) =>
  page.locator('html[data-chat-assistant="withheld"]').waitFor({ state: "attached", timeout: 20_000 });

describe("a letter's late-payment-interest bill", () => {
  const browser = useBrowser();
  let resident: Awaited<ReturnType<typeof freshResident>>;
  let parent: string;
  const made: MadeRecord[] = [];

  beforeAll(async () => {
    resident = await freshResident("lpi-bill");
    parent = await newLpiParent(31.4, resident.contactId);
  });
  afterAll(async () => {
    const crm = stackCrm();
    for (const application of await crm.query<{ Id: string }>(
      soql`SELECT Id FROM LPI_Application__c WHERE Related_Activity__c = ${parent}`,
    )) {
      made.push({ object: "LPI_Application__c", id: application.Id });
    }
    made.push({ object: "Utility_Account__c", id: parent });
    await resident?.remove(made);
  });

  it("opens the record link twice (one application), pays the itemized bill once, sees it paid, and a second attempt is refused", {
    timeout: 180_000,
  }, async () => {
    const { page, url } = browser;
    await logInThroughForm(page, url, resident.email, { password: resident.password });

    // First visit: the application is filed and the bill opens.
    await page.goto(url(`/${parent}`));
    await poll(() => new URL(page.url()).pathname).toBe("/paymentLPI");
    const activityId = new URL(page.url()).searchParams.get("activityId") as string;
    const dialog = page.getByRole("dialog");
    await poll(() => dialog.textContent()).toMatch(
      /Your request was submitted\. Your case number is LPI-\d{4}-\d{5}\./,
    );
    const caseNumber = (await dialog.textContent())?.match(/LPI-\d{4}-\d{5}/)?.[0] as string;
    await dialog.getByRole("button", { name: en.Modal.Okay }).click();
    await settled(page);

    // Second visit of the same link: the same application, said so.
    await page.goto(url(`/${parent}`));
    await poll(() => new URL(page.url()).searchParams.get("activityId")).toBe(activityId);
    await poll(() => page.getByRole("dialog").textContent()).toContain(
      en.DashboardHome.LpiAlreadyFiled.replace("{{caseNumber}}", caseNumber),
    );
    await page.getByRole("dialog").getByRole("button", { name: en.Modal.Okay }).click();
    const crm = stackCrm();
    expect(await crm.count(soql`SELECT COUNT() FROM LPI_Application__c WHERE Related_Activity__c = ${parent}`)).toBe(1);

    // The itemized bill, as the CRM keeps the interest: the water account it is owed on, $31.40.
    const account = await crm.retrieve("Utility_Account__c", parent);
    const rows = page.getByRole("table", { name: en.Payment.LpiLines }).locator("tbody tr");
    await poll(() => rows.count()).toBe(1);
    expect((await rows.first().locator("td").allInnerTexts()).map((cell) => cell.trim())).toEqual([
      `${account.Customer_Id__c}-${account.Location_Id__c}`,
      "Late payment interest: Water account",
      "$31.40",
    ]);
    await page.getByText(en.Payment.AmountDue.replace("{{amount}}", "$31.40")).waitFor();
    await page.locator("iframe.payment-frame").waitFor();
    await expectNoAxeViolations(page, "/paymentLPI bill (en)");
    await storeLanguage(page, "es");
    await page.getByRole("table", { name: es.Payment.LpiLines }).waitFor();
    await page.getByText(es.Payment.AmountDue.replace("{{amount}}", "$31.40")).waitFor();
    await page.locator("iframe.payment-frame").waitFor();
    await expectNoAxeViolations(page, "/paymentLPI bill (es)");
    await storeLanguage(page, "en");

    // Paid once with the approving card.
    const before = await charges();
    await enterCard(page.frameLocator("iframe.payment-frame"), TEST_CARDS.approves, "en", "Test Lpi");
    await page.getByText("Visa card ending in 1111 is ready.").waitFor();
    await page.getByRole("button", { name: "Pay $31.40" }).click();
    await page.getByRole("heading", { name: en.Payment.SuccessTitle }).waitFor();
    await poll(() => page.locator(".payment-confirmation .receipt").textContent()).toContain(en.Payment.Type.LPI);
    expect((await charges()) - before).toBe(1);
    expect(await crm.retrieve("LPI_Application__c", activityId)).toMatchObject({
      Status__c: "Complete",
      Payment_Required__c: false,
      Paid_Amount__c: 31.4,
    });

    // The bill opened again shows it paid, with no card form.
    await page.goto(url(`/paymentLPI?activityId=${activityId}`));
    const paid = page.getByRole("region", { name: en.Payment.PaidFee.Title });
    await paid.waitFor();
    expect(await paid.locator(".receipt").textContent()).toContain("$31.40");
    expect(await page.locator("iframe.payment-frame").count()).toBe(0);
    await expectNoAxeViolations(page, "/paymentLPI paid (en)");
    await storeLanguage(page, "es");
    await page.getByRole("region", { name: es.Payment.PaidFee.Title }).waitFor();
    await expectNoAxeViolations(page, "/paymentLPI paid (es)");
    await storeLanguage(page, "en");

    // A second attempt (a new key, a new card) is refused and charges nothing.
    const again = await callApi<{ error: { code: string } }>("POST", "/api/paymentLPI", {
      token: await signIn(resident.email, resident.password),
      headers: { "Idempotency-Key": `lpi-again-${Date.now()}` },
      body: { nonce: await cardNonce(), amountCents: 3140, activityId },
    });
    expect([again.status, again.body.error.code]).toEqual([409, "conflict"]);
    expect((await charges()) - before).toBe(1);
    await settled(page);
  });
});
