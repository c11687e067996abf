import { afterAll, describe, expect, it } from "vitest";
import { BILLING_FIXTURES } from "../../emulators/src/seed/billing.ts";
import en from "../../web/src/locales/en.json" with { type: "json" };
import { testAdmin } from "../kit/admin.ts";
import { expectNoAxeViolations, useBrowser } from "../kit/browser.ts";
import { freshResident } from "../kit/cases.ts";
import { fillLoginForm, logInThroughForm } from "../kit/log-in.ts";
import { nextSecond } from "../kit/principals.ts";

/**
 * Spec 2 §8 (X7): "A 401 on billing calls returns null silently." A real 401: the resident's sessions are revoked
 * (as an admin's demotion or a password change does) while her tab is open. Her next billing call is refused; the
 * page shows no error and no "No upcoming bills", the app's session check signs her out and sends her to /login,
 * and signed in again she is back on the page she was going to, with her bills.
 */

const RECORDS = "/payment/water-bill-payment-records";
const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 20_000 });

describe("a billing call refused with 401 (X7)", () => {
  const browser = useBrowser();
  const cleanups: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it("signs the resident out without an error or an empty state, and brings her back after she signs in", async () => {
    const { page, url } = browser;
    const resident = await freshResident("x7-revoked");
    cleanups.push(() => resident.remove([]));
    const { customerId, locationId, streetNumber } = BILLING_FIXTURES.goodAccount;
    const link = testAdmin().db.collection("billingAccounts").doc(`user_${resident.uid}_${customerId}_${locationId}`);
    await link.set({
      userId: resident.uid,
      organizationId: null,
      customerId,
      locationId,
      streetNumber,
      serviceAddress: null,
    });
    cleanups.push(() => link.delete());

    await logInThroughForm(page, url, resident.email, { expectPath: "/dashboard" });
    await page.getByText(en.DashboardHome.TotalDue).waitFor();

    // Her sessions end; a token signed in this second would survive a revocation in it (one-second grain).
    await nextSecond();
    await testAdmin().auth.revokeRefreshTokens(resident.uid);
    await nextSecond();

    // What the page shows from here on, every change recorded: neither an error nor an empty state may appear.
    await page.evaluate(
      (texts: string[]) => {
        const seen: string[] = [];
        (window as unknown as { __seen: string[] }).__seen = seen;
        const look = () => {
          const shown = document.body.textContent ?? "";
          for (const text of texts) if (shown.includes(text) && !seen.includes(text)) seen.push(text);
        };
        new MutationObserver(look).observe(document.body, { subtree: true, childList: true, characterData: true });
      },
      [
        en.DashboardHome.NoUpcomingBills,
        en.Billing.NoAccounts,
        en.Billing.LoadError,
        en.Dashboard.PaymentHistoryError,
        en["error-contact-support"],
        en.App.LoadErrorTitle,
      ],
    );
    const refused: string[] = [];
    page.on("response", (response) => {
      if (response.status() === 401 && response.url().includes("/api/naviline/")) refused.push(response.url());
    });
    // A move inside the app, as a link does (no reload): the records page asks the billing system.
    await page.evaluate((path) => {
      window.history.pushState(null, "", path);
      window.dispatchEvent(new PopStateEvent("popstate"));
    }, RECORDS);

    await poll(() => new URL(page.url()).pathname).toBe("/login");
    expect(refused.some((address) => address.includes("/api/naviline/getbillinghistory"))).toBe(true);
    expect(await page.evaluate(() => (window as unknown as { __seen: string[] }).__seen)).toEqual([]);
    await page.getByRole("heading", { level: 1, name: en.Pages.Login }).waitFor();
    await expectNoAxeViolations(page, "/login after a billing 401 (en)");

    await fillLoginForm(page, resident.email);
    await poll(() => new URL(page.url()).pathname).toBe(RECORDS);
    const bills = page.getByRole("table", { name: en.Billing.BillsTitle });
    await bills.getByRole("cell", { name: BILLING_FIXTURES.goodAccount.accountNumber }).first().waitFor();
    expect(await page.evaluate(() => (window as unknown as { __seen: string[] }).__seen)).toEqual([]);
  });
});
