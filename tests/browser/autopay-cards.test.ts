import type { Page } from "playwright-core";
import { afterEach, describe, expect, it } from "vitest";
import { BILLING_FIXTURES } from "../../emulators/src/seed/billing.ts";
import { seededUser } from "../../emulators/src/seed/fixtures.ts";
import type { AccountAutopay } from "../../functions/src/contract/autopay.ts";
import type { BillingAccountSummary } from "../../functions/src/contract/messages.ts";
import en from "../../web/src/locales/en.json" with { type: "json" };
import es from "../../web/src/locales/es.json" with { type: "json" };
import { testAdmin } from "../kit/admin.ts";
import { callApi } from "../kit/api.ts";
import { expectNoAxeViolations, useBrowser } from "../kit/browser.ts";
import { logInThroughForm } from "../kit/log-in.ts";
import { principal } from "../kit/principals.ts";
import { stackInfo } from "../kit/stack-info.ts";
import { openAutopay, waterAccountRow } from "../kit/water-account.ts";

/**
 * Issue 13, billing settings: with EnableCORE on the autopay modal's card tab offers the CORE
 * stored methods too, and enrolling with one works through the billing sandbox; the autopay
 * summary warns when that card expires before the account's next due date.
 */

const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 20_000 });
const { accountNumber } = BILLING_FIXTURES.goodAccount;
/** The resident's seeded cards: one at the legacy gateway, one stored at CORE (both Visa 1111, valid to 12/39). */
const LEGACY_CARD = "9100000000000001";
const CORE_CARD = "7000000000000001";

async function setFlag(name: string, enabled: boolean) {
  await testAdmin().db.collection("featureFlags").doc(name).set({ name, enabled });
}

/** The payments sandbox's test knob: the stored card's expiry (MM/YY) as if it was saved long ago. */
async function setCardExpiry(paymentMethodId: string, expiry: string) {
  const answer = await fetch(`${stackInfo().sandboxes.payments}/__sandbox/card-expiry`, {
    method: "PUT",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ paymentMethodId, expiry }),
  });
  expect(answer.status).toBe(200);
}

async function residentAccount(): Promise<BillingAccountSummary & { Autopay: AccountAutopay }> {
  const resident = await principal("resident");
  const answer = await callApi<(BillingAccountSummary & { Autopay: AccountAutopay })[]>(
    "GET",
    `/api/naviline/paymentInformation?userId=${seededUser("resident").uid}&autopay=true`,
    { token: resident.idToken },
  );
  expect(answer.status).toBe(200);
  const account = answer.body.find((candidate) => candidate.accountNumber === accountNumber);
  if (!account) throw new Error("the resident's water account is missing");
  return account;
}

/**
 * The warning's text for a card ending in the month before the due date's month. The due date reads
 * MM/DD/YYYY in English and "22 nov 2026" in Spanish (issue 28), as the browser's Intl writes it.
 */
async function warningText(page: Page, language: typeof en, expiry: string, dueDate: string) {
  const [year, month, day] = dueDate.split("-");
  const shown =
    language === en
      ? `${month}/${day}/${year}`
      : await page.evaluate(
          ([y, m, d]) =>
            new Intl.DateTimeFormat("es-US", {
              day: "numeric",
              month: "short",
              year: "numeric",
              timeZone: "UTC",
            }).format(Date.UTC(y, m - 1, d, 12)),
          [Number(year), Number(month), Number(day)] as const,
        );
  return language.Billing.Autopay.CardExpiresBeforeDue.replace("{{expiry}}", expiry).replace("{{dueDate}}", shown);
}

describe("autopay with a CORE card, and the card-expiry warning", () => {
  const browser = useBrowser();

  afterEach(async () => {
    // The seed has EnableCORE off and the resident unenrolled with cards valid to 12/39.
    await setFlag("EnableCORE", false);
    await setCardExpiry(CORE_CARD, "12/39");
    const resident = await principal("resident");
    await callApi("DELETE", "/api/autopay/", { token: resident.idToken, body: { accountNumber } });
  });

  const cardChoices = (page: Page) =>
    page
      .getByRole("dialog")
      .getByLabel(en.Billing.Autopay.Card, { exact: true })
      .locator("option")
      .evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value));

  it("offers only the gateway's saved cards with EnableCORE off", async () => {
    const { page, url } = browser;
    await logInThroughForm(page, url, seededUser("resident").email, { expectPath: "/dashboard" });
    await page.goto(url(`/account/${seededUser("resident").uid}`));
    await poll(() => waterAccountRow(page, accountNumber, en).textContent()).toContain(en.Billing.Autopay.Status.none);
    const dialog = await openAutopay(page, accountNumber, en);
    await dialog.getByLabel(en.Billing.Autopay.Toggle).check();
    await poll(() => cardChoices(page)).toEqual(["", LEGACY_CARD]);
  }, 120_000);

  it("offers CORE cards with EnableCORE, enrols with one, and warns when it expires before the due date (en, es)", async () => {
    const { page, url } = browser;
    await setFlag("EnableCORE", true);
    await logInThroughForm(page, url, seededUser("resident").email, { expectPath: "/dashboard" });
    await page.goto(url(`/account/${seededUser("resident").uid}`));
    await poll(() => waterAccountRow(page, accountNumber, en).textContent()).toContain(en.Billing.Autopay.Status.none);

    // The CORE stored method is offered beside the gateway's card, and enrolment with it works.
    const dialog = await openAutopay(page, accountNumber, en);
    await dialog.getByLabel(en.Billing.Autopay.Toggle).check();
    await poll(() => cardChoices(page)).toEqual(["", LEGACY_CARD, CORE_CARD]);
    const select = dialog.getByLabel(en.Billing.Autopay.Card, { exact: true });
    await select.selectOption(CORE_CARD);
    expect(await select.locator("option:checked").textContent()).toBe("Visa ****1111");
    await expectNoAxeViolations(page, "autopay modal with CORE cards (en)");
    await dialog.getByRole("button", { name: en.Billing.Autopay.Save }).click();
    await dialog.waitFor({ state: "detached" });
    await poll(() => waterAccountRow(page, accountNumber, en).textContent()).toContain(en.Billing.Autopay.Status.card);
    // At the billing system the account pays by card with the CORE method; the card is valid to 12/39.
    const enrolled = await residentAccount();
    expect(enrolled.Autopay).toMatchObject({ AutopayStatus: "R", PaymentProfileId: CORE_CARD, CardExpiry: "2039-12" });
    expect(await waterAccountRow(page, accountNumber, en).locator(".autopay-card-warning").count()).toBe(0);

    // The card on file now ends the month before the next due date: the summary warns.
    const dueDate = enrolled.dueDate as string;
    expect(dueDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const due = new Date(`${dueDate}T00:00:00Z`);
    const lastMonth = new Date(Date.UTC(due.getUTCFullYear(), due.getUTCMonth() - 1, 1));
    const mm = String(lastMonth.getUTCMonth() + 1).padStart(2, "0");
    const yyyy = String(lastMonth.getUTCFullYear());
    await setCardExpiry(CORE_CARD, `${mm}/${yyyy.slice(2)}`);
    await page.reload();
    await waterAccountRow(page, accountNumber, en)
      .getByText(await warningText(page, en, `${mm}/${yyyy}`, dueDate))
      .waitFor();
    await expectNoAxeViolations(page, "account page, autopay card expiry warning (en)");

    await page.evaluate(() => {
      localStorage.setItem("language", "es");
      localStorage.setItem("isLanguageOverwrittenByDropdown", "true");
    });
    await page.reload();
    await waterAccountRow(page, accountNumber, es as typeof en)
      .getByText(await warningText(page, es as typeof en, `${mm}/${yyyy}`, dueDate))
      .waitFor();
    await expectNoAxeViolations(page, "account page, autopay card expiry warning (es)");

    // A card ending in the due date's own month still pays it: no warning.
    await setCardExpiry(CORE_CARD, `${dueDate.slice(5, 7)}/${dueDate.slice(2, 4)}`);
    await page.reload();
    await poll(() => waterAccountRow(page, accountNumber, es as typeof en).textContent()).toContain(
      es.Billing.Autopay.Status.card,
    );
    expect(
      await waterAccountRow(page, accountNumber, es as typeof en)
        .locator(".autopay-card-warning")
        .count(),
    ).toBe(0);
  }, 180_000);
});
