import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import { BILLING_FIXTURES } from "../../emulators/src/seed/billing.ts";
import { seededUser } from "../../emulators/src/seed/fixtures.ts";
import en from "../../web/src/locales/en.json" with { type: "json" };
import es from "../../web/src/locales/es.json" with { type: "json" };
import { expectNoAxeViolations, useBrowser } from "../kit/browser.ts";
import { cardNonce } from "../kit/card-nonce.ts";
import { storeLanguage } from "../kit/language.ts";
import { logInThroughForm } from "../kit/log-in.ts";
import { amountDueCents, pay } from "../kit/payments.ts";

/**
 * Issue 32 "Finance export": the clerk opens /finance-export, sees today's totals per payment code
 * group, and downloads the CSV, which lists a payment made just before (English and Spanish, axe).
 */
describe("finance export page", () => {
  const browser = useBrowser();

  it("shows totals per code group and downloads the CSV with today's payment (en, es)", async () => {
    const { page, url } = browser;
    const [customerId, locationId] = BILLING_FIXTURES.delinquentAccount.accountNumber.split("-") as [string, string];
    const paid = await pay(randomUUID(), {
      paymentType: "UTILITY",
      nonce: await cardNonce(),
      amountCents: await amountDueCents(BILLING_FIXTURES.delinquentAccount.accountNumber),
      navilineCustomerId: customerId,
      navilineLocationId: locationId,
      confirmPayAgain: true,
    });
    expect(paid.status).toBe(200);

    await logInThroughForm(page, url, seededUser("admin").email);
    await page.goto(url("/finance-export"));
    for (const [language, texts] of [
      ["en", en],
      ["es", es],
    ] as const) {
      if (language === "es") await storeLanguage(page, "es");
      await page.getByRole("heading", { level: 1, name: texts.Pages.FinanceExport }).waitFor();
      const totals = page.getByRole("table", { name: texts.FinanceExport.TotalsTitle });
      const utility = totals.getByRole("row").filter({ has: page.getByRole("rowheader", { name: "UTILITY" }) });
      await utility.waitFor();
      expect(Number(await utility.getByRole("cell").first().textContent())).toBeGreaterThanOrEqual(1);
      await expectNoAxeViolations(page, `/finance-export (${language})`);
    }

    await page.getByRole("button", { name: es.FinanceExport.Prepare }).click();
    const link = page.getByRole("link", { name: es.FinanceExport.Download });
    await link.waitFor();
    const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
    expect(download.suggestedFilename()).toMatch(/^payments-\d{4}-\d{2}-01-to-\d{4}-\d{2}-\d{2}\.csv$/);
    const rows = parse(readFileSync(await download.path()), { bom: true }) as string[][];
    expect(rows.some((row) => row[0] === paid.body.paymentId && row[6] === "UTILITY")).toBe(true);
  }, 180_000);
});
