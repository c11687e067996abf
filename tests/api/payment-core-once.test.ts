import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_CARDS } from "../../emulators/src/sandboxes/payments/cards.ts";
import { CORE_API_KEY } from "../../emulators/src/sandboxes/payments/core-routes.ts";
import type { PaymentResult } from "../../functions/src/contract/payment.ts";
import { testAdmin } from "../kit/admin.ts";
import { callApi } from "../kit/api.ts";
import { cardNonce } from "../kit/card-nonce.ts";
import { pointJobsAtStack } from "../kit/jobs.ts";
import {
  amountDueCents,
  billingControl,
  billsNobodyPays,
  CHARGE_ROUTE,
  type ErrorBody,
  newKey,
  POST_ROUTE,
  pay,
  paymentsControl,
  routeCount,
} from "../kit/payments.ts";
import { principal } from "../kit/principals.ts";
import { stackInfo } from "../kit/stack-info.ts";

/**
 * Issue 32, the CORE hosted bill-pay frame (EnableCORE): every charge is claimed before it is made,
 * so two tabs never pay twice (a newer frame session replaces the bill's older one at the provider
 * before the claim passes on), and POST /api/core/bill-pay/complete records a payment only with the
 * session's own proof (its payment id), never for a transaction id alone.
 */

const account = billsNobodyPays(-2).account;
const core = () => `${stackInfo().sandboxes.payments}/core/v1`;
type Session = { iframeURL: string; paymentId: string };

async function setCore(enabled: boolean) {
  await testAdmin().db.collection("featureFlags").doc("EnableCORE").set({ name: "EnableCORE", enabled });
}

/** What the account's payment may be: at least what is due and $1. */
const amount = async () => (Math.max(await amountDueCents(account.accountNumber), 100) / 100).toFixed(2);

/** A tab opens the hosted frame (confirmed "Pay again?": the account may have been paid earlier in the run). */
async function openSession(token: string | null = null) {
  const query = new URLSearchParams({
    accountNumber: account.accountNumber,
    amount: await amount(),
    confirmPayAgain: "true",
  });
  return callApi<Session & ErrorBody>("GET", `/api/paymentus-token?${query}`, { token });
}

/** The card typed into a session's frame and submitted, as the frame's own script posts it. */
async function payInFrame(session: Session): Promise<{ status: number; transactionId?: string }> {
  const token = new URL(session.iframeURL).searchParams.get("token") ?? "";
  const response = await fetch(`${core()}/frames/submit`, {
    method: "POST",
    headers: { "content-type": "application/json", "idempotency-key": randomBytes(8).toString("hex") },
    body: JSON.stringify({
      token,
      nameOnCard: "Maria Lopez",
      cardNumber: TEST_CARDS.approves,
      expiry: "12/39",
      cvv: "123",
      postalCode: "60120",
    }),
  });
  const body = (await response.json()) as { transactionId?: string };
  return { status: response.status, transactionId: body.transactionId };
}

/** The provider's approved transactions for the account (its merchant search). */
async function transactionsAtProvider(): Promise<number> {
  const response = await fetch(`${core()}/transactions?accountNumber=${account.accountNumber}`, {
    headers: { authorization: `Bearer ${CORE_API_KEY}` },
  });
  return ((await response.json()) as { transactions: unknown[] }).transactions.length;
}

const complete = (body: Record<string, unknown>, token: string | null = null) =>
  callApi<PaymentResult & ErrorBody>("POST", "/api/core/bill-pay/complete", { body, token });

beforeAll(async () => {
  pointJobsAtStack();
  await setCore(true);
});
afterAll(async () => {
  // The seed has EnableCORE off; the files after this one rely on it.
  await setCore(false);
});

describe("CORE frame: the bill is claimed before the frame can charge it", () => {
  it("three tabs open the frame at once and each submits a card: the provider charges once, the account is posted once", async () => {
    const chargesBefore = await transactionsAtProvider();
    const postsBefore = await routeCount(billingControl(), POST_ROUTE);

    const opened = await Promise.all([openSession(), openSession(), openSession()]);
    const sessions = opened.filter((answer) => answer.status === 200).map((answer) => answer.body);
    for (const refused of opened.filter((answer) => answer.status !== 200)) {
      expect(refused.status).toBe(409);
    }
    expect(sessions.length).toBeGreaterThanOrEqual(1);

    const submitted = await Promise.all(sessions.map(payInFrame));
    const approved = submitted.filter((answer) => answer.status === 200);
    expect(approved).toHaveLength(1);
    // The replaced sessions are over at the provider: their frames cannot pay.
    for (const refused of submitted.filter((answer) => answer.status !== 200)) expect(refused.status).toBe(403);
    expect((await transactionsAtProvider()) - chargesBefore).toBe(1);

    const paidIn = sessions[submitted.indexOf(approved[0] as (typeof submitted)[number])] as Session;
    const recorded = await complete({ paymentId: paidIn.paymentId, transactionId: approved[0]?.transactionId });
    expect(recorded.status).toBe(200);
    expect(recorded.body.paymentId).toBe(paidIn.paymentId);
    expect((await routeCount(billingControl(), POST_ROUTE)) - postsBefore).toBe(1);
  });

  it("a second tab opened after the first: the first tab's frame can no longer pay; the second pays once", async () => {
    const chargesBefore = await transactionsAtProvider();
    const first = await openSession();
    const second = await openSession();
    expect([first.status, second.status]).toEqual([200, 200]);
    expect((await payInFrame(first.body)).status).toBe(403);
    const paid = await payInFrame(second.body);
    expect(paid.status).toBe(200);
    expect((await payInFrame(second.body)).transactionId).toBe(paid.transactionId);
    expect((await transactionsAtProvider()) - chargesBefore).toBe(1);
    // The replaced session's attempt took nothing.
    const replaced = (await testAdmin().db.collection("payments").doc(first.body.paymentId).get()).data();
    expect(replaced?.state).toBe("refused");
    const reported = await complete({ paymentId: second.body.paymentId, transactionId: paid.transactionId });
    expect(reported.status).toBe(200);
  });

  it("a frame left open gives way to the card form: the frame is cancelled, the card pays once", async () => {
    const open = await openSession();
    expect(open.status).toBe(200);
    const chargesBefore = await routeCount(paymentsControl(), CHARGE_ROUTE);
    // The card form for the same bill (the flag may go off, or she gives up on the frame).
    const paid = await pay(newKey(), {
      paymentType: "UTILITY",
      nonce: await cardNonce(),
      amountCents: Math.round(Number(await amount()) * 100),
      navilineCustomerId: account.customerId,
      navilineLocationId: account.locationId,
      confirmPayAgain: true,
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect((await routeCount(paymentsControl(), CHARGE_ROUTE)) - chargesBefore).toBe(1);
    // The frame can no longer take the money, and its attempt took nothing.
    expect((await payInFrame(open.body)).status).toBe(403);
    const replaced = (await testAdmin().db.collection("payments").doc(open.body.paymentId).get()).data();
    expect(replaced?.state).toBe("refused");
  });
});

describe("CORE frame: completing needs the session's own proof", () => {
  it("a transaction id alone, a guessed session, another payer or another session's transaction is refused and reveals nothing", async () => {
    const session = await openSession();
    expect(session.status).toBe(200);
    const paid = await payInFrame(session.body);
    expect(paid.status).toBe(200);
    const transactionId = paid.transactionId as string;

    // A guest's transaction id alone (16 digits, guessable within the throttles) is not enough.
    const idAlone = await complete({ transactionId });
    expect(idAlone.status).toBe(400);
    expect(JSON.stringify(idAlone.body)).not.toContain("****");
    // A guessed session id.
    const guessed = await complete({ paymentId: randomBytes(20).toString("hex"), transactionId });
    expect(guessed.status).toBe(404);
    // The right session reported by another payer.
    const resident = await principal("resident");
    const otherPayer = await complete({ paymentId: session.body.paymentId, transactionId }, resident.idToken);
    expect(otherPayer.status).toBe(404);

    // The session's own browser: recorded once, and a repeat answers the same payment.
    const own = await complete({ paymentId: session.body.paymentId, transactionId });
    expect(own.status).toBe(200);
    expect(own.body.maskedCardNumber).toBe("****1111");
    const again = await complete({ paymentId: session.body.paymentId, transactionId });
    expect(again.body.paymentId).toBe(own.body.paymentId);

    // Another session of the same payer (a deliberate second payment), reporting the first one's transaction.
    const other = await openSession();
    expect(other.status).toBe(200);
    const foreign = await complete({ paymentId: other.body.paymentId, transactionId });
    expect(foreign.status).toBe(404);
    expect(JSON.stringify(foreign.body)).not.toContain("****");
  });

  it("a newer tab opened after the older one paid but before its page reported it: the older payment is recorded, the newer tab is refused", async () => {
    const postsBefore = await routeCount(billingControl(), POST_ROUTE);
    const older = await openSession();
    const paid = await payInFrame(older.body);
    expect(paid.status).toBe(200);
    const newer = await openSession();
    expect(newer.status).toBe(409);
    expect((await testAdmin().db.collection("payments").doc(older.body.paymentId).get()).data()?.state).toBe(
      "succeeded",
    );
    expect((await routeCount(billingControl(), POST_ROUTE)) - postsBefore).toBe(1);
    const reported = await complete({ paymentId: older.body.paymentId, transactionId: paid.transactionId });
    expect(reported.status).toBe(200);
    expect((await routeCount(billingControl(), POST_ROUTE)) - postsBefore).toBe(1);
  });
});

describe("CORE frame: the reconcile job settles sessions nobody reported", () => {
  let reconcilePayments: (now?: number) => Promise<{ charged: number; refused: number; posted: number }>;
  beforeAll(async () => {
    ({ reconcilePayments } = await import("../../functions/src/domains/payments/reconcile.service.ts"));
  });
  /** The job's run once every session opened now has ended (the provider's last 30 minutes). */
  const afterSessionsEnd = () => reconcilePayments(Date.now() + 40 * 60_000);
  const stateOf = async (paymentId: string) =>
    (await testAdmin().db.collection("payments").doc(paymentId).get()).data()?.state;

  it("a frame that paid but whose page never reported it is recorded and posted; an abandoned one is refused", async () => {
    const postsBefore = await routeCount(billingControl(), POST_ROUTE);
    const paidSession = await openSession();
    const paid = await payInFrame(paidSession.body);
    expect(paid.status).toBe(200);
    // Still open for the provider's session time: the job leaves it alone.
    await reconcilePayments(Date.now() + 3 * 60_000);
    expect(await stateOf(paidSession.body.paymentId)).toBe("charging");

    await afterSessionsEnd();
    expect(await stateOf(paidSession.body.paymentId)).toBe("succeeded");
    expect((await routeCount(billingControl(), POST_ROUTE)) - postsBefore).toBe(1);
    const reported = await complete({ paymentId: paidSession.body.paymentId, transactionId: paid.transactionId });
    expect(reported.status).toBe(200);
    expect((await routeCount(billingControl(), POST_ROUTE)) - postsBefore).toBe(1);

    const abandoned = await openSession();
    expect(abandoned.status).toBe(200);
    await afterSessionsEnd();
    expect(await stateOf(abandoned.body.paymentId)).toBe("refused");
  });
});
