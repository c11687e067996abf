import { createHash } from "node:crypto";
import { Timestamp } from "firebase-admin/firestore";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { TEST_CARDS } from "../../emulators/src/sandboxes/payments/cards.ts";
import { seededUser } from "../../emulators/src/seed/fixtures.ts";
import type { CoreStoredPayment } from "../../functions/src/contract/payment-methods.ts";
import en from "../../web/src/locales/en.json" with { type: "json" };
import es from "../../web/src/locales/es.json" with { type: "json" };
import { testAdmin } from "../kit/admin.ts";
import { callApi } from "../kit/api.ts";
import { expectNoAxeViolations, useBrowser } from "../kit/browser.ts";
import { principal } from "../kit/principals.ts";

/** /add-stored-payment-mobile: the mobile app opens it top-level, without a portal session, with a single-use code. */

const PAGE = "/add-stored-payment-mobile";

/** What the app does, signed in with its own ID token: asks for a code for the page. */
async function issuePath(): Promise<{ code: string; path: string }> {
  const resident = await principal("resident2");
  const answer = await callApi<{ code: string; path: string }>("POST", "/api/core/payment-methods/mobile-code", {
    token: resident.idToken,
  });
  expect(answer.status).toBe(200);
  return answer.body;
}

async function storedMethods(): Promise<CoreStoredPayment[]> {
  const resident = await principal("resident2");
  const uid = seededUser("resident2").uid;
  const answer = await callApi<CoreStoredPayment[]>("GET", `/api/core/payment-methods?userId=${uid}`, {
    token: resident.idToken,
  });
  expect(answer.status).toBe(200);
  return answer.body;
}

async function useSpanish(page: Page, url: (path: string) => string) {
  await page.goto(url(PAGE));
  await page.evaluate(() => {
    localStorage.setItem("language", "es");
    localStorage.setItem("isLanguageOverwrittenByDropdown", "true");
  });
}

describe("add a stored card from the mobile app", () => {
  const browser = useBrowser({ viewport: { width: 390, height: 844 } });

  it("a fresh code shows the provider's frame, the 4111 card is stored for the app's user, axe-clean; the code works once", async () => {
    const { page, url } = browser;
    const before = new Set((await storedMethods()).map((method) => method.id));
    const { path } = await issuePath();
    await page.goto(url(path));
    await page.getByRole("heading", { level: 1, name: en.Pages.AddStoredPaymentMobile }).waitFor();
    const frameElement = page.getByTitle(en.Billing.Methods.FrameTitle);
    await frameElement.waitFor();
    // The code is taken off the address at once (history, screenshots, referrers).
    expect(new URL(page.url()).search).toBe("");
    await expectNoAxeViolations(page, `${PAGE} (en)`);

    const frame = page.frameLocator(`iframe[title="${en.Billing.Methods.FrameTitle}"]`);
    await frame.getByLabel("Name on card").fill("James O'Connor");
    await frame.getByLabel("Card number").fill(TEST_CARDS.approves);
    await frame.getByLabel("Expiry date (MM/YY)").fill("12/39");
    await frame.getByLabel("Security code (CVV)").fill("123");
    await frame.getByLabel("Billing ZIP code").fill("60120");
    await frame.getByRole("button", { name: "Save card" }).click();
    await page.getByText(en.MobileCard.Saved).waitFor();

    const added = (await storedMethods()).filter((method) => !before.has(method.id));
    expect(added).toEqual([expect.objectContaining({ name: "James O'Connor", accountnum: "****1111" })]);
    const resident = await principal("resident2");
    for (const method of added) {
      await callApi("DELETE", `/api/core/payment-methods/${method.id}/${seededUser("resident2").uid}`, {
        token: resident.idToken,
      });
    }

    // The same link again (a reload of the app's URL, or someone who copied it): refused, no frame.
    await page.goto(url(path));
    await page.getByRole("alert").filter({ hasText: en.MobileCard.Expired }).waitFor();
    expect(await page.locator("iframe").count()).toBe(0);
  }, 120_000);

  it("an expired code is refused and a page without a code says what to do, in English and Spanish", async () => {
    const { page, url } = browser;
    const { code, path } = await issuePath();
    await testAdmin()
      .db.collection("mobileCardCodes")
      .doc(createHash("sha256").update(code).digest("hex"))
      .update({ expiresAt: Timestamp.fromMillis(Date.now() - 1000) });
    await page.goto(url(path));
    await page.getByRole("alert").filter({ hasText: en.MobileCard.Expired }).waitFor();
    expect(await page.locator("iframe").count()).toBe(0);
    await expectNoAxeViolations(page, `${PAGE} expired (en)`);

    await page.goto(url(PAGE));
    await page.getByRole("heading", { name: en.MobileCard.NoCodeTitle }).waitFor();
    await page.getByText(en.MobileCard.NoCode).waitFor();
    await expectNoAxeViolations(page, `${PAGE} without a code (en)`);

    await useSpanish(page, url);
    await page.reload();
    await page.getByRole("heading", { name: es.MobileCard.NoCodeTitle }).waitFor();
    await expectNoAxeViolations(page, `${PAGE} without a code (es)`);
  }, 120_000);

  it("in Spanish the frame opens in Spanish, axe-clean", async () => {
    const { page, url } = browser;
    await useSpanish(page, url);
    const { path } = await issuePath();
    await page.goto(url(path));
    await page.getByRole("heading", { level: 1, name: es.Pages.AddStoredPaymentMobile }).waitFor();
    await page.getByText(es.MobileCard.Intro).waitFor();
    await page.getByTitle(es.Billing.Methods.FrameTitle).waitFor();
    const frame = page.frameLocator(`iframe[title="${es.Billing.Methods.FrameTitle}"]`);
    await frame.getByLabel("Nombre en la tarjeta").waitFor();
    await expectNoAxeViolations(page, `${PAGE} (es)`);
  }, 120_000);
});
