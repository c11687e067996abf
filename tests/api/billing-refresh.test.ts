import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BILLING_SANDBOX_API_KEY } from "../../emulators/src/sandboxes/billing/index.ts";
import { sandboxControl } from "../../emulators/src/sandboxes/kit.ts";
import { BILLING_FIXTURES } from "../../emulators/src/seed/billing.ts";
import type { BillingAccountSummary } from "../../functions/src/contract/messages.ts";
import { testAdmin } from "../kit/admin.ts";
import { residentAccounts } from "../kit/billing.ts";
import { pointJobsAtStack } from "../kit/jobs.ts";
import { stackInfo } from "../kit/stack-info.ts";

/**
 * Issue 13 "Billing refresh": the dashboard's account summaries are served from Firestore; the
 * billing-refresh job (run here as the launcher's scheduler runs it) asks the billing system again
 * about the accounts viewed recently, and only about those.
 */

const { goodAccount, delinquentAccount } = BILLING_FIXTURES;
const billing = () => sandboxControl(stackInfo().sandboxes.billing as string);
const lookups = async (accountNumber: string) =>
  (await billing().counters()).byRoute[`GET /naviline/api/v1/accounts/${accountNumber}`] ?? 0;
const summaries = () => testAdmin().db.collection("billingSummaries");

const amountDueOf = (accounts: BillingAccountSummary[]) =>
  accounts.find((account) => account.accountNumber === goodAccount.accountNumber)?.amountDueCents;

/** A payment the billing system takes from elsewhere (the counter, the phone line), behind the portal's back. */
async function payAtTheCounter(amountCents: number) {
  const answer = await fetch(`${stackInfo().sandboxes.billing}/naviline/api/v1/payments`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "x-nl-api-key": BILLING_SANDBOX_API_KEY,
      "idempotency-key": `counter-${Date.now()}`,
    },
    body: JSON.stringify({
      CustomerId: goodAccount.customerId,
      LocationId: goodAccount.locationId,
      Amount: String(amountCents),
      GatewayTransactionId: `counter-${Date.now()}`,
      Method: "CARD",
    }),
  });
  expect(answer.status).toBe(200);
}

beforeAll(() => {
  pointJobsAtStack();
});

afterAll(async () => {
  await summaries().doc(goodAccount.accountNumber).delete();
  await summaries().doc(delinquentAccount.accountNumber).delete();
});

describe("billing refresh job", () => {
  it("refreshes a viewed account's summary after the billing system's data changes, and skips unviewed ones", async () => {
    // An account nobody has looked at for two days: the job leaves it (and the billing system) alone.
    const twoDaysAgo = new Date(Date.now() - 2 * 24 * 60 * 60_000);
    await summaries().doc(delinquentAccount.accountNumber).set({
      customerId: delinquentAccount.customerId,
      locationId: delinquentAccount.locationId,
      found: true,
      amountDueCents: 1,
      dueDate: null,
      refreshedAt: twoDaysAgo,
      viewedAt: twoDaysAgo,
    });

    // The first view asks the billing system and records the view with the summary.
    const firstLookups = await lookups(goodAccount.accountNumber);
    const due = amountDueOf(await residentAccounts());
    expect(due).toBeGreaterThan(1000);
    expect(await lookups(goodAccount.accountNumber)).toBe(firstLookups + 1);
    const stored = (await summaries().doc(goodAccount.accountNumber).get()).data();
    expect(stored).toMatchObject({ amountDueCents: due, found: true });
    expect(stored?.viewedAt).toBeTruthy();

    // $10 paid elsewhere. The next view (the dashboard's poll) answers from the stored summary.
    await payAtTheCounter(1000);
    const before = await lookups(goodAccount.accountNumber);
    expect(amountDueOf(await residentAccounts())).toBe(due);
    expect(await lookups(goodAccount.accountNumber)).toBe(before);

    // The job asks the billing system once for the viewed account, never for the unviewed one.
    const unviewedBefore = await lookups(delinquentAccount.accountNumber);
    const { billingRefreshJob } = await import("../../functions/src/jobs/billing-refresh.job.ts");
    const result = (await billingRefreshJob.run()) as { refreshed: number; failed: number };
    expect(result.failed).toBe(0);
    expect(result.refreshed).toBeGreaterThanOrEqual(1);
    expect(await lookups(goodAccount.accountNumber)).toBe(before + 1);
    expect(await lookups(delinquentAccount.accountNumber)).toBe(unviewedBefore);
    expect((await summaries().doc(delinquentAccount.accountNumber).get()).data()?.amountDueCents).toBe(1);

    // The view now shows the refreshed amount, still without asking the billing system.
    expect(amountDueOf(await residentAccounts())).toBe((due as number) - 1000);
    expect(await lookups(goodAccount.accountNumber)).toBe(before + 1);
  });
});
