import { afterEach, describe, expect, it } from "vitest";
import { TEST_CARDS } from "../../emulators/src/sandboxes/payments/cards.ts";
import { BILLING_FIXTURES } from "../../emulators/src/seed/billing.ts";
import { seededUser } from "../../emulators/src/seed/fixtures.ts";
import type { CoreStoredPayment, PaymentProfile } from "../../functions/src/contract/payment-methods.ts";
import en from "../../web/src/locales/en.json" with { type: "json" };
import es from "../../web/src/locales/es.json" with { type: "json" };
import { testAdmin } from "../kit/admin.ts";
import { callApi } from "../kit/api.ts";
import { expectNoAxeViolations, useBrowser } from "../kit/browser.ts";
import { enterCard } from "../kit/card-form.ts";
import { storeLanguage } from "../kit/language.ts";
import { logInThroughForm } from "../kit/log-in.ts";
import { principal } from "../kit/principals.ts";
import { openAutopay, waterAccountRow } from "../kit/water-account.ts";

/**
 * Issue 13 "Done when": a resident adds a card through the hosted frame, enrols in card and bank
 * autopay from the account page's autopay modal, and removes it.
 */

const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 20_000 });
const { accountNumber } = BILLING_FIXTURES.goodAccount;
/** The resident's seeded card at the legacy gateway (the autopay modal offers the gateway's saved cards). */
const SEEDED_CARD = "9100000000000001";

async function setFlag(name: string, enabled: boolean) {
  await testAdmin().db.collection("featureFlags").doc(name).set({ name, enabled });
}

async function coreMethods(): Promise<CoreStoredPayment[]> {
  const resident = await principal("resident");
  const answer = await callApi<CoreStoredPayment[]>(
    "GET",
    `/api/core/payment-methods?userId=${seededUser("resident").uid}`,
    { token: resident.idToken },
  );
  return answer.body;
}

describe("billing settings journey", () => {
  const browser = useBrowser();
  let methodsBefore = new Set<string>();

  afterEach(async () => {
    // The seed has EnableCORE off; other journeys rely on that. Autopay and added cards are undone.
    await setFlag("EnableCORE", false);
    const resident = await principal("resident");
    await callApi("DELETE", "/api/autopay/", { token: resident.idToken, body: { accountNumber } });
    for (const method of await coreMethods()) {
      if (methodsBefore.has(method.id)) continue;
      await callApi("DELETE", `/api/core/payment-methods/${method.id}/${seededUser("resident").uid}`, {
        token: resident.idToken,
      });
    }
  });

  it("adds a card through the hosted frame, enrols card autopay, then bank autopay, then removes it", async () => {
    const { page, url } = browser;
    methodsBefore = new Set((await coreMethods()).map((method) => method.id));
    await setFlag("EnableCORE", true);
    const uid = seededUser("resident").uid;
    await logInThroughForm(page, url, seededUser("resident").email, { expectPath: "/dashboard" });
    await page.goto(url(`/account/${uid}`));
    const methods = page.getByRole("region", { name: en.Billing.Methods.Title });
    await methods.getByRole("listitem").first().waitFor();

    // Add a card: the account page links to the hosted add-card frame.
    await methods.getByRole("link", { name: en.Billing.Methods.Add }).click();
    await page.getByRole("heading", { level: 1, name: en.Pages.AddStoredPayment }).waitFor();
    const frame = page.frameLocator(`iframe[title="${en.Billing.Methods.FrameTitle}"]`);
    await frame.getByLabel("Name on card").fill("Maria Lopez");
    await frame.getByLabel("Card number").fill(TEST_CARDS.approves);
    await frame.getByLabel("Expiry date (MM/YY)").fill("12/39");
    await frame.getByLabel("Security code (CVV)").fill("123");
    await frame.getByLabel("Billing ZIP code").fill("60120");
    await frame.getByRole("button", { name: "Save card" }).click();
    await page.getByText(en.Billing.Methods.CardSaved).waitFor();
    const added = (await coreMethods()).filter((method) => !methodsBefore.has(method.id));
    expect(added).toEqual([
      expect.objectContaining({ name: "Maria Lopez", card_type: "Visa", accountnum: "****1111" }),
    ]);

    // Back on the account page the new card is listed.
    await page.getByRole("link", { name: en.Billing.Methods.BackToAccount }).click();
    const coreCards = (await coreMethods()).filter((method) => method.accountnum === "****1111").length;
    await poll(() => methods.getByRole("listitem").filter({ hasText: "Visa ****1111" }).count()).toBe(coreCards);
    await poll(() => waterAccountRow(page, accountNumber).textContent()).toContain(en.Billing.Autopay.Status.none);

    // Card autopay.
    let dialog = await openAutopay(page, accountNumber);
    await dialog.getByLabel(en.Billing.Autopay.Toggle).check();
    await dialog.getByLabel(en.Billing.Autopay.CardTab).check();
    await dialog.getByLabel(en.Billing.Autopay.Card, { exact: true }).selectOption(SEEDED_CARD);
    await expectNoAxeViolations(page, "autopay modal, card (en)");
    await dialog.getByRole("button", { name: en.Billing.Autopay.Save }).click();
    await dialog.waitFor({ state: "detached" });
    await poll(() => waterAccountRow(page, accountNumber).textContent()).toContain(en.Billing.Autopay.Status.card);

    // Bank autopay (EnableACHAutopay is on in the seed): mismatched numbers are caught first.
    dialog = await openAutopay(page, accountNumber);
    await dialog.getByLabel(en.Billing.Autopay.BankTab).check();
    await dialog.getByLabel(en.Billing.Autopay.RoutingNumber, { exact: true }).fill("021000021");
    await dialog.getByLabel(en.Billing.Autopay.RoutingNumberConfirm, { exact: true }).fill("021000021");
    await dialog.getByLabel(en.Billing.Autopay.AccountNumber, { exact: true }).fill("000123456");
    await dialog.getByLabel(en.Billing.Autopay.AccountNumberConfirm, { exact: true }).fill("000123457");
    await dialog.getByLabel(en.Billing.Autopay.AccountType).selectOption("checking");
    await dialog.getByRole("button", { name: en.Billing.Autopay.Save }).click();
    await dialog.getByRole("alert").filter({ hasText: en.Billing.Autopay.AccountMismatch }).waitFor();
    await dialog.getByLabel(en.Billing.Autopay.AccountNumberConfirm, { exact: true }).fill("000123456");
    await expectNoAxeViolations(page, "autopay modal, bank (en)");
    await dialog.getByRole("button", { name: en.Billing.Autopay.Save }).click();
    await dialog.waitFor({ state: "detached" });
    await poll(() => waterAccountRow(page, accountNumber).textContent()).toContain(en.Billing.Autopay.Status.bank);

    // Switching autopay off and saving removes it, at the billing system too.
    dialog = await openAutopay(page, accountNumber);
    await dialog.getByLabel(en.Billing.Autopay.Toggle).uncheck();
    await dialog.getByRole("button", { name: en.Billing.Autopay.Save }).click();
    await dialog.waitFor({ state: "detached" });
    await poll(() => waterAccountRow(page, accountNumber).textContent()).toContain(en.Billing.Autopay.Status.none);
    const resident = await principal("resident");
    const removed = await callApi("DELETE", "/api/autopay/", { token: resident.idToken, body: { accountNumber } });
    expect(removed.status).toBe(404);
  }, 180_000);
});

describe("saving a card with EnableCORE off (issue 32: the legacy add-card modal)", () => {
  for (const language of ["en", "es"] as const) {
    describe(language, () => {
      // Signed in in English (the login kit's labels), then switched to Spanish as a resident would.
      const browser = useBrowser();
      const person = seededUser("resident2");
      let profilesBefore = new Set<string>();

      const profiles = async () => {
        const { idToken } = await principal("resident2");
        const answer = await callApi<PaymentProfile[]>("GET", `/api/payment-methods?userId=${person.uid}`, {
          token: idToken,
        });
        expect(answer.status).toBe(200);
        return answer.body;
      };

      afterEach(async () => {
        const { idToken } = await principal("resident2");
        for (const profile of await profiles()) {
          if (!profilesBefore.has(profile.Id))
            await callApi("DELETE", `/api/payment-methods/${profile.Id}`, { token: idToken });
        }
      });

      it(`saves a card in the gateway's hosted form, listed at once (${language})`, async () => {
        const { page, url } = browser;
        const texts = language === "es" ? es : en;
        profilesBefore = new Set((await profiles()).map((profile) => profile.Id));
        await logInThroughForm(page, url, person.email, { expectPath: "/dashboard" });
        await page.goto(url(`/account/${person.uid}`));
        if (language === "es") await storeLanguage(page, "es");
        const methods = page.getByRole("region", { name: texts.Billing.Methods.Title });
        await methods.getByRole("button", { name: texts.Billing.Methods.Add }).click();
        const dialog = page.getByRole("dialog", { name: texts.Billing.Methods.AddTitle });
        await dialog.waitFor();
        const frame = dialog.frameLocator("iframe.payment-frame");
        await frame.getByRole("button").first().waitFor();
        await expectNoAxeViolations(page, `add-card modal (${language})`);
        await enterCard(frame, TEST_CARDS.approves, language, "Jane Resident");
        await page.getByText(texts.Billing.Methods.Saved.replace("{{card}}", "Visa 1111")).waitFor();
        await dialog.waitFor({ state: "detached" });

        // The gateway holds the new profile, and the list shows it.
        const added = (await profiles()).filter((profile) => !profilesBefore.has(profile.Id));
        expect(added).toHaveLength(1);
        const saved = added[0] as PaymentProfile;
        await poll(() => methods.getByRole("listitem").filter({ hasText: saved.MaskedAccountNumber }).count()).toBe(1);
      }, 180_000);
    });
  }
});
