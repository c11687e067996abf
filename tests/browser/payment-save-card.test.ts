import type { Page } from "playwright-core";
import { afterEach, describe, expect, it } from "vitest";
import { BILLING_FIXTURES } from "../../emulators/src/seed/billing.ts";
import { seededUser } from "../../emulators/src/seed/fixtures.ts";
import type { AccountAutopay } from "../../functions/src/contract/autopay.ts";
import type { BillingAccountSummary } from "../../functions/src/contract/messages.ts";
import type { CoreStoredPayment, PaymentProfile } from "../../functions/src/contract/payment-methods.ts";
import en from "../../web/src/locales/en.json" with { type: "json" };
import es from "../../web/src/locales/es.json" with { type: "json" };
import { testAdmin } from "../kit/admin.ts";
import { callApi } from "../kit/api.ts";
import { expectNoAxeViolations, useBrowser } from "../kit/browser.ts";
import { CARD_FORM, enterCard } from "../kit/card-form.ts";
import { storeLanguage } from "../kit/language.ts";
import { logInThroughForm } from "../kit/log-in.ts";
import { principal } from "../kit/principals.ts";
import { openAutopay, waterAccountRow } from "../kit/water-account.ts";

/**
 * Issue 32 with the seed's settings (EnableCORE off): a resident pays her water bill with a card
 * typed in the gateway's hosted form and ticks "Save this card"; the card is then one of her saved
 * cards, and she enrols it in autopay from billing settings. The billing system then pays the
 * account by autopay with that very profile.
 */

const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 20_000 });
const resident = seededUser("resident");
const { accountNumber } = BILLING_FIXTURES.goodAccount;
/** Any Luhn-valid number approves; a MasterCard so it is told apart from her seeded Visa 1111. */
const NEW_CARD = "5555555555554444";

async function profiles(): Promise<PaymentProfile[]> {
  const { idToken } = await principal("resident");
  const answer = await callApi<PaymentProfile[]>("GET", `/api/payment-methods?userId=${resident.uid}`, {
    token: idToken,
  });
  expect(answer.status).toBe(200);
  return answer.body;
}

async function autopayOfAccount(): Promise<AccountAutopay> {
  const { idToken } = await principal("resident");
  const answer = await callApi<(BillingAccountSummary & { Autopay: AccountAutopay })[]>(
    "GET",
    `/api/naviline/paymentInformation?userId=${resident.uid}&autopay=true`,
    { token: idToken },
  );
  expect(answer.status).toBe(200);
  const account = answer.body.find((candidate) => candidate.accountNumber === accountNumber);
  if (!account) throw new Error("the resident's water account is missing");
  return account.Autopay;
}

/** Other journeys expect the account without autopay and the resident with her seeded card only. */
async function undoAutopayAndCards(before: Set<string>) {
  const { idToken } = await principal("resident");
  await callApi("DELETE", "/api/autopay/", { token: idToken, body: { accountNumber } });
  for (const profile of await profiles()) {
    if (!before.has(profile.Id)) await callApi("DELETE", `/api/payment-methods/${profile.Id}`, { token: idToken });
  }
}

/**
 * On billing settings (/account/:uid): the new card is listed (as `masked`: the gateway writes
 * XXXX4444, CORE ****4444), and the autopay modal enrols the account with it.
 */
async function enrolInAutopayWith(
  page: Page,
  texts: typeof en,
  profileId: string,
  axeLabel: string,
  masked = "XXXX4444",
) {
  const methods = page.getByRole("region", { name: texts.Billing.Methods.Title });
  await poll(() => methods.getByRole("listitem").filter({ hasText: masked }).count()).toBe(1);
  await poll(() => waterAccountRow(page, accountNumber, texts).textContent()).toContain(
    texts.Billing.Autopay.Status.none,
  );
  const dialog = await openAutopay(page, accountNumber, texts);
  await dialog.getByLabel(texts.Billing.Autopay.Toggle).check();
  await dialog.getByLabel(texts.Billing.Autopay.CardTab).check();
  await dialog.getByLabel(texts.Billing.Autopay.Card, { exact: true }).selectOption(profileId);
  await expectNoAxeViolations(page, axeLabel);
  await dialog.getByRole("button", { name: texts.Billing.Autopay.Save }).click();
  await dialog.waitFor({ state: "detached" });
  await poll(() => waterAccountRow(page, accountNumber, texts).textContent()).toContain(
    texts.Billing.Autopay.Status.card,
  );
}

describe("Save this card at checkout, then autopay with it (EnableCORE off)", () => {
  const browser = useBrowser();
  let before = new Set<string>();

  afterEach(() => undoAutopayAndCards(before));

  for (const language of ["en", "es"] as const) {
    it(`pays with a new card, saves it, and enrols it in autopay (${language})`, async () => {
      const { page, url } = browser;
      const texts = (language === "es" ? es : en) as typeof en;
      before = new Set((await profiles()).map((profile) => profile.Id));

      await logInThroughForm(page, url, resident.email, { expectPath: "/dashboard" });
      if (language === "es") await storeLanguage(page, "es");
      await page.getByRole("button", { name: texts.DashboardHome.PayBill }).click();
      await page
        .getByRole("heading", { name: texts.Payment.AccountLabel.replace("{{accountNumber}}", accountNumber) })
        .waitFor();
      const next = page.getByRole("button", { name: texts.Payment.Next });
      // Paid already this cycle by another journey: a signed-in payer may still pay $1 or more.
      if (await next.isDisabled()) await page.getByLabel(texts.Payment.Amount).fill("5.00");
      await next.click();

      // Her saved card is preselected; she chooses a card for this payment and types it in the frame.
      await page.getByLabel(texts.Payment.OneTimeCard).check();
      const save = page.getByLabel(texts.Payment.SaveCard);
      await enterCard(page.frameLocator("iframe.payment-frame"), NEW_CARD, language, "Maria Lopez");
      await page
        .getByText(texts.Payment.CardReady.replace("{{cardType}}", "MasterCard").replace("{{last4}}", "4444"))
        .waitFor();
      await save.focus();
      await page.keyboard.press("Space");
      expect(await save.isChecked()).toBe(true);
      await expectNoAxeViolations(page, `/payment with Save this card (${language})`);
      await page
        .getByRole("button", { name: new RegExp(`^${texts.Payment.Submit.replace("{{amount}}", "\\$")}`) })
        .click();
      const payAgain = page.getByRole("button", { name: texts.Payment.PayAgainYes });
      const success = page.getByRole("heading", { name: texts.Payment.SuccessTitle });
      await success.or(payAgain).first().waitFor();
      if (await payAgain.isVisible()) await payAgain.click();
      await success.waitFor();
      await page.getByText(texts.Payment.CardSaved).waitFor();

      // The gateway holds the card as her new profile.
      const added = (await profiles()).filter((profile) => !before.has(profile.Id));
      expect(added).toEqual([expect.objectContaining({ Type: "card", MaskedAccountNumber: "XXXX4444" })]);
      const saved = added[0] as PaymentProfile;

      // Billing settings: the card is listed, and the autopay modal enrols the account with it.
      await page.goto(url(`/account/${resident.uid}`));
      await enrolInAutopayWith(page, texts, saved.Id, `autopay modal with the saved card (${language})`);

      // At the billing system the account pays by card autopay with the card saved at checkout.
      expect(await autopayOfAccount()).toMatchObject({ AutopayStatus: "R", PaymentProfileId: saved.Id });
    }, 180_000);
  }
});

/**
 * Issue 32 "Done when": with EnableCORE off (the seed's setting) a resident saves a card in billing
 * settings' legacy add-card modal (the gateway's hosted form; the card is typed only there) and enrols
 * it in autopay; the billing system then pays the account by autopay with that profile.
 */
describe("Add a card in the legacy modal, then autopay with it (EnableCORE off)", () => {
  const browser = useBrowser();
  let before = new Set<string>();

  afterEach(() => undoAutopayAndCards(before));

  for (const language of ["en", "es"] as const) {
    it(`saves a card in the legacy add-card modal and enrols it in autopay (${language})`, async () => {
      const { page, url } = browser;
      const texts = (language === "es" ? es : en) as typeof en;
      before = new Set((await profiles()).map((profile) => profile.Id));

      await logInThroughForm(page, url, resident.email, { expectPath: "/dashboard" });
      await page.goto(url(`/account/${resident.uid}`));
      if (language === "es") await storeLanguage(page, "es");
      const methods = page.getByRole("region", { name: texts.Billing.Methods.Title });
      await methods.getByRole("button", { name: texts.Billing.Methods.Add }).click();
      const dialog = page.getByRole("dialog", { name: texts.Billing.Methods.AddTitle });
      await dialog.waitFor();
      await enterCard(dialog.frameLocator("iframe.payment-frame"), NEW_CARD, language, "Maria Lopez");
      await page.getByText(texts.Billing.Methods.Saved.replace("{{card}}", "MasterCard 4444")).waitFor();
      await dialog.waitFor({ state: "detached" });

      // The gateway holds the card as her new profile.
      const added = (await profiles()).filter((profile) => !before.has(profile.Id));
      expect(added).toEqual([expect.objectContaining({ Type: "card", MaskedAccountNumber: "XXXX4444" })]);
      const saved = added[0] as PaymentProfile;

      await enrolInAutopayWith(page, texts, saved.Id, `autopay modal with the card from the modal (${language})`);
      expect(await autopayOfAccount()).toMatchObject({ AutopayStatus: "R", PaymentProfileId: saved.Id });
    }, 180_000);
  }
});

/** The resident's stored methods at the CORE provider. */
async function coreMethods(): Promise<CoreStoredPayment[]> {
  const { idToken } = await principal("resident");
  const answer = await callApi<CoreStoredPayment[]>("GET", `/api/core/payment-methods?userId=${resident.uid}`, {
    token: idToken,
  });
  expect(answer.status).toBe(200);
  return answer.body;
}

/**
 * Issue 32 with EnableCORE on (spec 2 §2: "/add-stored-payment: hosted add-card form, used when
 * EnableCORE is on"): billing settings' "Add a card" opens the provider's add-card frame; the card
 * saved there is listed, and autopay enrols the account with it at the billing system.
 */
describe("Add a card in the CORE frame, then autopay with it (EnableCORE on)", () => {
  const browser = useBrowser();
  let before = new Set<string>();

  afterEach(async () => {
    // The seed has EnableCORE off, the account without autopay and her one seeded CORE card.
    await testAdmin().db.collection("featureFlags").doc("EnableCORE").set({ name: "EnableCORE", enabled: false });
    const { idToken } = await principal("resident");
    await callApi("DELETE", "/api/autopay/", { token: idToken, body: { accountNumber } });
    for (const method of await coreMethods()) {
      if (!before.has(method.id))
        await callApi("DELETE", `/api/core/payment-methods/${method.id}/${resident.uid}`, { token: idToken });
    }
  });

  for (const language of ["en", "es"] as const) {
    it(`saves a card in the provider's add-card frame and enrols it in autopay (${language})`, async () => {
      const { page, url } = browser;
      const texts = (language === "es" ? es : en) as typeof en;
      before = new Set((await coreMethods()).map((method) => method.id));
      await testAdmin().db.collection("featureFlags").doc("EnableCORE").set({ name: "EnableCORE", enabled: true });

      await logInThroughForm(page, url, resident.email, { expectPath: "/dashboard" });
      await page.goto(url(`/account/${resident.uid}`));
      if (language === "es") await storeLanguage(page, "es");
      const methods = page.getByRole("region", { name: texts.Billing.Methods.Title });
      await methods.getByRole("link", { name: texts.Billing.Methods.Add }).click();
      await poll(() => new URL(page.url()).pathname).toBe("/add-stored-payment");
      await page.getByRole("heading", { level: 1, name: texts.Pages.AddStoredPayment }).waitFor();

      // The card is typed only in the provider's frame, in the page's language.
      const frame = page.frameLocator(`iframe[title="${texts.Billing.Methods.FrameTitle}"]`);
      const [name, number, expiry, cvv, zip] = CARD_FORM[language];
      await frame.getByLabel(name).fill("Maria Lopez");
      await expectNoAxeViolations(page, `/add-stored-payment (${language})`);
      await frame.getByLabel(number).fill(NEW_CARD);
      await frame.getByLabel(expiry).fill("12/39");
      await frame.getByLabel(cvv).fill("123");
      await frame.getByLabel(zip).fill("60120");
      await frame.getByRole("button", { name: language === "es" ? "Guardar tarjeta" : "Save card" }).click();
      await page.getByText(texts.Billing.Methods.CardSaved).waitFor();
      await expectNoAxeViolations(page, `/add-stored-payment, card saved (${language})`);

      // The provider holds the card as her new stored method.
      const added = (await coreMethods()).filter((method) => !before.has(method.id));
      expect(added).toEqual([expect.objectContaining({ card_type: "MasterCard", accountnum: "****4444" })]);
      const saved = added[0] as CoreStoredPayment;

      await page.getByRole("link", { name: texts.Billing.Methods.BackToAccount }).click();
      await enrolInAutopayWith(page, texts, saved.id, `autopay modal with the CORE card (${language})`, "****4444");
      expect(await autopayOfAccount()).toMatchObject({ AutopayStatus: "R", PaymentProfileId: saved.id });
    }, 180_000);
  }
});
