import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { parse } from "csv-parse/sync";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SEEDED_ORGANIZATION_ID, seededUser } from "../../emulators/src/seed/fixtures.ts";
import type { RefundablePayment, RefundResult } from "../../functions/src/contract/refunds.ts";
import en from "../../web/src/locales/en.json" with { type: "json" };
import es from "../../web/src/locales/es.json" with { type: "json" };
import { callApi } from "../kit/api.ts";
import { expectNoAxeViolations, useBrowser } from "../kit/browser.ts";
import { freshResident } from "../kit/cases.ts";
import { pointJobsAtStack } from "../kit/jobs.ts";
import { storeLanguage } from "../kit/language.ts";
import { logInThroughForm } from "../kit/log-in.ts";
import { linkIn, mailsTo } from "../kit/mail.ts";
import { horizontalOverflow } from "../kit/page-checks.ts";
import { billsNobodyPays, dollars, linkToSeededOrganization, paidUtilityBill } from "../kit/payments.ts";
import { principal, signIn } from "../kit/principals.ts";
import { secondPersonContext } from "../kit/second-context.ts";
import { stackInfo } from "../kit/stack-info.ts";

/**
 * Issue 32 "Done when": an admin refunds part of a payment, the resident sees it, and the finance
 * export lists both rows. At 390 px, in English and Spanish, with axe; the Spanish refund is made by
 * keyboard alone. On the way, a stale figure (another tab refunded meanwhile) is refused with the
 * current one shown and the input kept.
 */

const account = billsNobodyPays(-6).account;
const PHONE = { width: 390, height: 844 };

const cleanups: (() => Promise<void>)[] = [];
beforeAll(() => pointJobsAtStack());
afterAll(async () => {
  for (const cleanup of cleanups) await cleanup();
});

/** An instant's day in Chicago, as the resident's page writes it in English (MM/DD/YYYY). */
const chicagoDay = (iso: string) =>
  new Intl.DateTimeFormat("en-US", {
    timeZone: "America/Chicago",
    month: "2-digit",
    day: "2-digit",
    year: "numeric",
  }).format(new Date(iso));

/** The payment's entry in the admin user view's "Payments through the portal". */
const paymentItem = (page: Page, texts: typeof en, amountCents: number) =>
  page
    .getByRole("region", { name: texts.Refunds.PortalPayments })
    .getByRole("listitem")
    .filter({ hasText: `${dollars(amountCents)} · ${texts.Payment.Type.UTILITY} ${account.accountNumber}` });

async function expectFitsPhone(page: Page, label: string) {
  const { overflow, widest } = await horizontalOverflow(page);
  expect(overflow, `${label} is wider than 390 px: ${widest.join(", ")}`).toBe(0);
}

describe("refunds", () => {
  const browser = useBrowser({ viewport: PHONE });

  it("an admin refunds part of a payment, the resident sees it, and the finance export lists both rows (en, es)", {
    timeout: 240_000,
  }, async () => {
    const { page, url } = browser;
    const resident = await freshResident("refunds");
    cleanups.push(() => resident.remove([]));
    const residentToken = await signIn(resident.email, resident.password);
    const admin = await principal("admin");

    // The resident pays a water bill through the portal.
    const { paymentId, amountCents } = await paidUtilityBill(account, residentToken ?? null);
    const refundable = async () =>
      (await callApi<RefundablePayment>("GET", `/api/payment/${paymentId}/refunds`, { token: admin.idToken })).body;

    // English: the admin opens the person and the payment's refund form.
    await logInThroughForm(page, url, seededUser("admin").email);
    await page.goto(url(`/users/view/${resident.uid}/users`));
    const item = paymentItem(page, en, amountCents);
    await item.waitFor();
    await item.getByRole("button", { name: en.Refunds.Open }).click();
    await item.getByText(en.Refunds.Left.replace("{{amount}}", dollars(amountCents))).waitFor();
    await expectNoAxeViolations(page, "/users/view with a refund form (en)");
    await expectFitsPhone(page, "/users/view with a refund form (en)");

    // Another tab refunds $1.00 before this one sends: the figure this form shows is stale.
    const otherTab = await callApi<RefundResult>("POST", `/api/payment/${paymentId}/refunds`, {
      token: admin.idToken,
      body: { amountCents: 100, refundAmountAvailable: amountCents, reason: "Other tab" },
      headers: { "idempotency-key": randomUUID() },
    });
    expect(otherTab.status).toBe(200);

    const amountField = item.getByLabel(en.Refunds.Amount);
    await amountField.fill("5.00");
    await item.getByLabel(en.Refunds.Reason).fill("Charged twice");
    await item.getByRole("button", { name: en.Refunds.Submit, exact: true }).click();
    const summary = item.getByRole("alert");
    await summary.waitFor();
    expect(await summary.textContent()).toContain(en.Refunds.Stale.replace("{{amount}}", dollars(amountCents - 100)));
    expect(await amountField.inputValue()).toBe("5.00");
    expect(await item.getByLabel(en.Refunds.Reason).inputValue()).toBe("Charged twice");
    // Nothing was refunded by the stale send.
    expect((await refundable()).refundAmountAvailable).toBe(amountCents - 100);
    await expectNoAxeViolations(page, "/users/view with a stale refund refused (en)");

    // Sent again, with the figure now shown: refunded, and said so only from the server's answer.
    await item.getByRole("button", { name: en.Refunds.Submit, exact: true }).click();
    const done = item.getByRole("status");
    await done.waitFor();
    expect(await done.textContent()).toBe(
      en.Refunds.Done.replace("{{amount}}", "$5.00").replace("{{left}}", dollars(amountCents - 600)),
    );
    expect((await refundable()).refundAmountAvailable).toBe(amountCents - 600);

    // Spanish, by keyboard alone: a second part, $2.50.
    await storeLanguage(page, "es");
    const itemEs = paymentItem(page, es, amountCents);
    await itemEs.getByText(es.Refunds.RefundedSoFar.replace("{{amount}}", "$6.00")).waitFor();
    await itemEs.getByRole("button", { name: es.Refunds.Open }).focus();
    await page.keyboard.press("Enter");
    await itemEs.getByText(es.Refunds.Left.replace("{{amount}}", dollars(amountCents - 600))).waitFor();
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.id)).toMatch(/-amount$/);
    await page.keyboard.press("Control+A");
    await page.keyboard.type("2.50");
    await page.keyboard.press("Tab");
    await page.keyboard.type("Cobro de más");
    await page.keyboard.press("Tab");
    await expectNoAxeViolations(page, "/users/view with a refund form (es)");
    await expectFitsPhone(page, "/users/view with a refund form (es)");
    await page.keyboard.press("Enter");
    const doneEs = itemEs.getByRole("status");
    await doneEs.waitFor();
    expect(await doneEs.textContent()).toBe(
      es.Refunds.Done.replace("{{amount}}", "$2.50").replace("{{left}}", dollars(amountCents - 850)),
    );
    expect(await page.evaluate(() => document.activeElement?.getAttribute("role"))).toBe("status");

    // The finance export lists the payment and its refunds (read back with csv-parse).
    await page.goto(url("/finance-export"));
    await page.getByRole("button", { name: es.FinanceExport.Prepare }).click();
    const link = page.getByRole("link", { name: es.FinanceExport.Download });
    await link.waitFor();
    const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
    const [header, ...rows] = parse(readFileSync(await download.path()), { bom: true }) as string[][];
    expect(header?.at(-1)).toBe("Refund Of (Portal ID)");
    const paymentRow = rows.find((row) => row[0] === paymentId);
    expect({ kind: paymentRow?.[1], group: paymentRow?.[6], cents: paymentRow?.[7] }).toEqual({
      kind: "payment",
      group: "UTILITY",
      cents: String(amountCents),
    });
    const refundRows = rows.filter((row) => row[1] === "refund" && row.at(-1) === paymentId);
    expect(refundRows.map((row) => row[7]).sort()).toEqual(["100", "250", "500"]);

    // The resident follows the refund email's link and sees her refunds, dated in Chicago.
    const residentContext = await secondPersonContext(browser.context);
    try {
      const residentPage = await residentContext.newPage();
      await residentPage.setViewportSize(PHONE);
      await logInThroughForm(residentPage, url, resident.email);
      // One email per refund (three), each linking to her payment history. The test is the
      // scheduler (the test stack runs none): one run of the outbox job sends them.
      const { deliverDueOutbox } = await import("../../functions/src/domains/outbox/outbox.service.ts");
      await deliverDueOutbox();
      const refundMails = (await mailsTo(resident.email)).filter((mail) =>
        mail.text.includes("/payment/payment-history"),
      );
      expect(refundMails).toHaveLength(3);
      const [refundMail] = refundMails;
      const historyLink = linkIn(refundMail as never, stackInfo().portalUrl);
      expect(new URL(historyLink).pathname).toBe("/payment/payment-history");
      await residentPage.goto(historyLink);
      const { refunds } = await refundable();
      for (const [language, texts] of [
        ["en", en],
        ["es", es],
      ] as const) {
        if (language === "es") await storeLanguage(residentPage, "es");
        const table = residentPage.getByRole("table", { name: texts.Refunds.MineTitle });
        await table.waitFor();
        const shown = await table.getByRole("row").allTextContents();
        for (const refund of refunds) {
          const amount = dollars(refund.amountCents);
          expect(
            shown.some((row) => row.includes(amount) && row.includes(account.accountNumber)),
            `${amount} in ${shown.join(" | ")}`,
          ).toBe(true);
        }
        if (language === "en") {
          const first = refunds[0] as { refundedAt: string };
          await table
            .getByRole("rowheader", { name: chicagoDay(first.refundedAt) })
            .first()
            .waitFor();
        }
        await expectNoAxeViolations(residentPage, `/payment/payment-history with refunds (${language})`);
        await expectFitsPhone(residentPage, `/payment/payment-history with refunds (${language})`);
      }
    } finally {
      await residentContext.close();
    }
  });
});

describe("refunds in an organization's context", () => {
  const browser = useBrowser({ viewport: PHONE });
  const orgAccount = billsNobodyPays(-8).account;

  it("a member acting for her organization sees the refunds to its water accounts on the payment history (en, es)", async () => {
    const { page, url, context } = browser;
    const unlink = await linkToSeededOrganization(orgAccount);
    try {
      // The organization's bill is paid (as a guest), and an admin refunds $4.00 of it.
      const { paymentId, amountCents } = await paidUtilityBill(orgAccount, null);
      const admin = await principal("admin");
      const refunded = await callApi<RefundResult>("POST", `/api/payment/${paymentId}/refunds`, {
        token: admin.idToken,
        body: { amountCents: 400, refundAmountAvailable: amountCents, reason: "Paid for the wrong shop" },
        headers: { "idempotency-key": randomUUID() },
      });
      expect(refunded.status).toBe(200);

      // The member acts for the organization (the choice the app keeps in local storage).
      await context.addInitScript(
        (id: string) => localStorage.setItem("selectedOrganization", id),
        SEEDED_ORGANIZATION_ID,
      );
      await logInThroughForm(page, url, seededUser("orgMember").email);
      await page.goto(url("/payment/payment-history"));
      for (const [language, texts] of [
        ["en", en],
        ["es", es],
      ] as const) {
        if (language === "es") await storeLanguage(page, "es");
        const table = page.getByRole("table", { name: texts.Refunds.MineTitle });
        await table.waitFor();
        const row = table.getByRole("row").filter({ hasText: orgAccount.accountNumber }).filter({ hasText: "$4.00" });
        await row.first().waitFor();
        expect(await row.first().textContent()).toContain(texts.Payment.Type.UTILITY);
        await expectNoAxeViolations(page, `/payment/payment-history for an organization (${language})`);
        await expectFitsPhone(page, `/payment/payment-history for an organization (${language})`);
      }
    } finally {
      await unlink();
    }
  });
});
