import { afterEach, describe, expect, it } from "vitest";
import { unpaidBills } from "../../emulators/src/sandboxes/billing/store.ts";
import { sandboxControl } from "../../emulators/src/sandboxes/kit.ts";
import { BILLING_FIXTURES, buildBillingSeed } from "../../emulators/src/seed/billing.ts";
import { seededUser } from "../../emulators/src/seed/fixtures.ts";
import { cityToday } from "../../functions/src/contract/city-time.ts";
import en from "../../web/src/locales/en.json" with { type: "json" };
import es from "../../web/src/locales/es.json" with { type: "json" };
import { expectNoAxeViolations, useBrowser } from "../kit/browser.ts";
import { storeLanguage } from "../kit/language.ts";
import { logInThroughForm } from "../kit/log-in.ts";
import { stackInfo } from "../kit/stack-info.ts";

/** Spec 2 "Billing records": the records page with bills, PDFs and the history chart, and the history page. */

const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 20_000 });
const RECORDS = "/payment/water-bill-payment-records";

describe("billing records", () => {
  const browser = useBrowser();
  const billing = sandboxControl(stackInfo().sandboxes.billing as string);
  afterEach(() => billing.reset());

  it("shows the bills with working PDF links and the history chart, the history page, axe-clean in English and Spanish", async () => {
    const { page, url } = browser;
    await logInThroughForm(page, url, seededUser("resident").email, { expectPath: "/dashboard" });
    await page.goto(url(RECORDS));
    await page.getByRole("heading", { level: 1, name: en.Pages.WaterBillPaymentRecords }).waitFor();
    await page.getByText(en.Billing.TotalDue).waitFor();
    const account = BILLING_FIXTURES.goodAccount.accountNumber;
    const bills = page.getByRole("table", { name: en.Billing.BillsTitle });
    await bills.getByRole("cell", { name: account }).first().waitFor();

    // Issue 32: amount due and current balance by one rule (her older bills are paid: $0.00 on both;
    // the newest bill's balance is what she owes), and a bill past its due date that still owes is
    // labelled overdue, by the city's today.
    const seeded = buildBillingSeed().accounts.find(
      (candidate) => `${candidate.customerId}-${candidate.locationId}` === account,
    );
    const open = unpaidBills(seeded as NonNullable<typeof seeded>);
    expect(open).toHaveLength(1);
    const rows = bills.locator("tbody tr");
    const [, , newestDue, newestBalance] = await rows.first().locator("td").allTextContents();
    expect(newestBalance).toBe(newestDue);
    const [, , oldestDue, oldestBalance] = await rows.last().locator("td").allTextContents();
    expect([oldestDue, oldestBalance]).toEqual(["$0.00", "$0.00"]);
    const overdue = open.filter(({ bill }) => bill.dueDate < cityToday()).length;
    await poll(() => bills.getByText(en.Billing.Overdue, { exact: true }).count()).toBe(overdue);

    // The view-PDF link opens the bill's PDF.
    const pdfLink = bills.getByRole("link").first();
    expect(await pdfLink.getAttribute("target")).toBe("_blank");
    const href = (await pdfLink.getAttribute("href")) as string;
    const pdf = await page.request.get(href);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()["content-type"]).toContain("application/pdf");
    expect((await pdf.body()).subarray(0, 5).toString()).toBe("%PDF-");

    // The seed turns EnableWaterBillRedesign on: the v2 bar chart, drawn by the lazily loaded library.
    const chart = page.locator('[data-chart="bar"] canvas');
    await chart.waitFor();
    await poll(() => chart.evaluate((canvas: HTMLCanvasElement) => canvas.width)).toBeGreaterThan(0);
    const alternative = page.getByRole("table", { name: en.Billing.ChartTableCaption });
    await poll(() => alternative.locator("tbody tr").count()).toBe(11);
    expect(await page.getByRole("button", { name: en.DashboardHome.PayBill }).isEnabled()).toBe(true);
    await expectNoAxeViolations(page, `${RECORDS} (en)`);

    await page.getByRole("link", { name: en.Billing.PaymentHistoryButton }).click();
    await page.getByRole("heading", { level: 1, name: en.Pages.PaymentHistory }).waitFor();
    const history = page.getByRole("table", { name: en.Pages.PaymentHistory });
    await history.getByRole("cell", { name: account }).first().waitFor();
    expect(await history.getByRole("columnheader").allTextContents()).toEqual([
      en.Billing.PaymentDate,
      en.Billing.Account,
      en.Billing.Amount,
    ]);
    await expectNoAxeViolations(page, "/payment/payment-history (en)");

    await storeLanguage(page);
    await page.getByRole("heading", { level: 1, name: es.Pages.PaymentHistory }).waitFor();
    await page.getByRole("table", { name: es.Pages.PaymentHistory }).getByRole("cell").first().waitFor();
    await expectNoAxeViolations(page, "/payment/payment-history (es)");
    await page.getByRole("link", { name: es.Billing.BackToRecords }).click();
    await page.getByRole("heading", { level: 1, name: es.Pages.WaterBillPaymentRecords }).waitFor();
    await page.getByRole("table", { name: es.Billing.BillsTitle }).getByRole("link").first().waitFor();
    expect(
      await page
        .getByRole("table", { name: es.Billing.BillsTitle })
        .getByText(es.Billing.Overdue, { exact: true })
        .count(),
    ).toBe(overdue);
    await poll(() => page.getByRole("table", { name: es.Billing.ChartTableCaption }).locator("tbody tr").count()).toBe(
      11,
    );
    await expectNoAxeViolations(page, `${RECORDS} (es)`);
  }, 180_000);

  it("says so when the billing system is down", async () => {
    const { page, url } = browser;
    await logInThroughForm(page, url, seededUser("resident").email, { expectPath: "/dashboard" });
    await billing.setFaults({ down: true });
    await page.goto(url(RECORDS));
    // Spec 2 §8 X15: the load failure's toast with the city's contact, once though two panels failed.
    const toast = page.locator(".toast").filter({ hasText: en["error-contact-support"] });
    await toast.waitFor();
    expect(await toast.count()).toBe(1);
    await page.getByRole("alert").filter({ hasText: en.Billing.Unavailable.System }).waitFor();
    await page.getByRole("alert").filter({ hasText: en.Dashboard.PaymentHistoryError }).waitFor();
    expect(await page.getByRole("button", { name: en.DashboardHome.PayBill }).count()).toBe(0);
    await expectNoAxeViolations(page, `${RECORDS} billing down (en)`);
  }, 120_000);
});
