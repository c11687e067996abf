import { randomUUID } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { BILLING_FIXTURES } from "../../emulators/src/seed/billing.ts";
import { seededUser } from "../../emulators/src/seed/fixtures.ts";
import { soql } from "../../functions/src/connectors/crm/soql";
import type { AccountLookupAnswer, LpiBill, PaymentResult } from "../../functions/src/contract/payment.ts";
import { testAdmin } from "../kit/admin.ts";
import { callApi } from "../kit/api.ts";
import { cardNonce, utilityCardPayment } from "../kit/card-nonce.ts";
import { stackCrm } from "../kit/identity.ts";
import {
  amountDueCents,
  billingControl,
  billingPosts,
  gatewayCharges,
  newLpiParent,
  pay,
  paymentsControl,
} from "../kit/payments.ts";
import { principal } from "../kit/principals.ts";

afterEach(async () => {
  await billingControl().setFaults({ down: false });
  await paymentsControl().setFaults({ down: false });
});

const { accountNumber } = BILLING_FIXTURES.delinquentAccount;
/** A card payment of the delinquent account's bill, "Pay again?" answered yes. */
const utilityBody = (amountCents: number, card: "approves" | "declines" = "approves") =>
  utilityCardPayment(accountNumber, amountCents, card);

describe("POST /api/payment: money safety", () => {
  it("50 concurrent submits with one Idempotency-Key charge once and give 50 identical answers", async () => {
    const amountCents = await amountDueCents(accountNumber);
    const body = await utilityBody(amountCents);
    const key = randomUUID();
    const chargesBefore = await gatewayCharges();
    const postsBefore = await billingPosts();

    const answers = await Promise.all(Array.from({ length: 50 }, () => pay(key, body)));

    expect(answers.map((answer) => answer.status)).toEqual(Array(50).fill(200));
    const first = JSON.stringify(answers[0]?.body);
    expect(answers.every((answer) => JSON.stringify(answer.body) === first)).toBe(true);
    expect(answers[0]?.body).toMatchObject({
      amountCents,
      paymentType: "UTILITY",
      accountNumber: BILLING_FIXTURES.delinquentAccount.accountNumber,
      maskedCardNumber: "XXXX1111",
      postedToAccount: true,
    });
    expect(answers[0]?.body.authNetTransId).toMatch(/^\d+$/);
    expect(answers[0]?.body.navilineRoutingIds.length).toBeGreaterThan(0);
    expect((await gatewayCharges()) - chargesBefore).toBe(1);
    expect((await billingPosts()) - postsBefore).toBe(1);

    // Recorded once, in integer cents, as succeeded.
    const { db } = testAdmin();
    const stored = await db
      .collection("payments")
      .doc(answers[0]?.body.paymentId as string)
      .get();
    expect(stored.data()).toMatchObject({ state: "succeeded", amountCents, uid: null });

    // The same key with another amount is a conflict, and charges nothing.
    const other = await pay(key, { ...body, amountCents: amountCents + 100 });
    expect(other.status).toBe(409);
    expect(other.body.error?.code).toBe("conflict");
    expect((await gatewayCharges()) - chargesBefore).toBe(1);
  });

  it("a missing or malformed Idempotency-Key is 400 and charges nothing", async () => {
    const body = await utilityBody(5000);
    const chargesBefore = await gatewayCharges();
    const missing = await callApi<{ error: { fields: Record<string, string> } }>("POST", "/api/payment", { body });
    expect(missing.status).toBe(400);
    expect(missing.body.error.fields).toEqual({ "Idempotency-Key": "Invalid" });
    for (const key of ["has space", "under_score", "x".repeat(256)]) {
      expect((await pay(key, body)).status).toBe(400);
    }
    expect(await gatewayCharges()).toBe(chargesBefore);
  });

  it("a declined card says no money was taken; nothing is posted and the repeat gets the same answer", async () => {
    const amountCents = await amountDueCents(accountNumber);
    const body = await utilityBody(amountCents, "declines");
    const key = randomUUID();
    const postsBefore = await billingPosts();
    const declined = await pay(key, body);
    expect(declined.status).toBe(422);
    expect(declined.body.error?.message).toBe("Your card was declined. No money was taken.");
    const again = await pay(key, body);
    expect(again.status).toBe(422);
    expect(again.body.error?.message).toBe(declined.body.error?.message);
    expect(await billingPosts()).toBe(postsBefore);
  });

  it("with the billing system down the payment is refused before any charge", async () => {
    const body = await utilityBody(5000);
    const chargesBefore = await gatewayCharges();
    await billingControl().setFaults({ down: true });
    const key = randomUUID();
    const answer = await pay(key, body);
    expect(answer.status).toBe(503);
    await billingControl().setFaults({ down: false });
    // The attempt is over: its repeat answers the same and still charges nothing.
    expect((await pay(key, body)).status).toBe(503);
    expect(await gatewayCharges()).toBe(chargesBefore);
  });

  it("with the card gateway down nothing is charged and the answer says no money was taken", async () => {
    const body = await utilityBody(await amountDueCents(accountNumber));
    const postsBefore = await billingPosts();
    await paymentsControl().setFaults({ failureRate: 1 });
    const answer = await pay(randomUUID(), body);
    await paymentsControl().setFaults({ failureRate: 0 });
    expect(answer.status).toBe(503);
    expect(answer.body.error?.message).toContain("No money was taken");
    expect(await billingPosts()).toBe(postsBefore);
  });

  it("a second payment for the account in one cycle is refused until the payer confirms (Pay again?)", async () => {
    const resident = await principal("resident2");
    const amountCents = await amountDueCents(accountNumber);
    const first = await pay(randomUUID(), await utilityBody(amountCents), resident.idToken);
    expect(first.status).toBe(200);
    const { confirmPayAgain: _, ...unconfirmed } = await utilityBody(amountCents);
    const second = await pay(randomUUID(), unconfirmed, resident.idToken);
    expect(second.status).toBe(409);
    expect(second.body.error).toMatchObject({ code: "conflict", message: "payment-already-made" });
    // The payer does not hold the account in the portal: not told what was paid or when (issue 26
    // finding 9; a holder's answer is in payment-once.test.ts).
    expect(second.body.error?.fields).toBeUndefined();
    const confirmed = await pay(randomUUID(), await utilityBody(amountCents), resident.idToken);
    expect(confirmed.status).toBe(200);
  });

  it("an amount below what is due is refused", async () => {
    const due = await amountDueCents(accountNumber);
    const answer = await pay(randomUUID(), await utilityBody(Math.max(100, due - 1)));
    if (due > 100) expect(answer.status).toBe(400);
  });
});

describe("guest lookup and license fees", () => {
  it("finds an account and gives the ids a payment names; an unknown one is 404", async () => {
    const found = await callApi<AccountLookupAnswer>(
      "GET",
      `/api/naviline/account?accountNumber=${BILLING_FIXTURES.goodAccount.accountNumber}`,
    );
    expect(found.status).toBe(200);
    expect(found.body.OutputParms).toMatchObject({
      ErrorCode: "0000",
      CustomerId: BILLING_FIXTURES.goodAccount.customerId,
      LocationId: BILLING_FIXTURES.goodAccount.locationId,
    });
    const missing = await callApi("GET", "/api/naviline/account?accountNumber=999999999-999999999");
    expect(missing.status).toBe(404);
  });

  it("calculates a license's fees and pays exactly them", async () => {
    const { license } = BILLING_FIXTURES;
    const request = { licenseYear: license.year, licenseNumber: license.licenseNumber, licensePIN: license.pin };
    const fees = await callApi<{ success: boolean; fees: number; penalty: number }>(
      "POST",
      "/api/licenses/renew/calc",
      { body: request },
    );
    expect(fees.status).toBe(200);
    expect(fees.body).toMatchObject({
      success: true,
      fees: (license.dues?.feeCents ?? 0) / 100,
      penalty: (license.dues?.penaltyCents ?? 0) / 100,
    });
    const dueCents = (license.dues?.feeCents ?? 0) + (license.dues?.penaltyCents ?? 0);
    const base = { paymentType: "BUSINESS_LICENSE", license: request, confirmPayAgain: true };
    const wrong = await pay(randomUUID(), { ...base, nonce: await cardNonce(), amountCents: dueCents - 100 });
    expect(wrong.status).toBe(400);
    const paid = await pay(randomUUID(), { ...base, nonce: await cardNonce(), amountCents: dueCents });
    expect(paid.status).toBe(200);
    expect(paid.body).toMatchObject({ amountCents: dueCents, paymentType: "BUSINESS_LICENSE" });
  });
});

describe("late-payment-interest payment", () => {
  it("files one application per record however often the letter's link is opened, shows its bill as the CRM itemizes it, pays exactly its fee once, and hides it from others", async () => {
    const resident = await principal("resident");
    const parent = await newLpiParent(25);
    const file = () =>
      callApi<{ Id: string; caseNumber: string; existing: boolean }>("POST", "/api/payment/createLPIUserActivities", {
        token: resident.idToken,
        body: { sfParentId: parent, activityId: "LATE_PAYMENT_INTEREST", userId: seededUser("resident").uid },
      });
    const applications = () =>
      stackCrm().count(soql`SELECT COUNT() FROM LPI_Application__c WHERE Related_Activity__c = ${parent}`);
    // Opened twice at once, then once more: one application.
    const [created, twin] = await Promise.all([file(), file()]);
    expect([created.status, twin.status]).toEqual([200, 200]);
    expect(twin.body.Id).toBe(created.body.Id);
    const again = await file();
    expect(again.body).toEqual({ Id: created.body.Id, caseNumber: created.body.caseNumber, existing: true });
    expect(await applications()).toBe(1);

    // The bill is the record's interest in the CRM, one line for the water account it is owed on.
    const account = await stackCrm().retrieve("Utility_Account__c", parent);
    const bill = await callApi<LpiBill>("GET", `/api/lpiPayment/${created.body.Id}`, { token: resident.idToken });
    expect(bill.status).toBe(200);
    expect(bill.body).toEqual({
      accountNumber: created.body.caseNumber,
      amountCents: 2500,
      itemizedBill: [
        {
          applicationNumber: `${account.Customer_Id__c}-${account.Location_Id__c}`,
          applicationName: "Late payment interest: Water account",
          applicationFeeCents: 2500,
        },
      ],
      paid: null,
    });
    const other = await principal("resident2");
    expect((await callApi("GET", `/api/lpiPayment/${created.body.Id}`, { token: other.idToken })).status).toBe(404);

    const payLpi = (token: string | null, amountCents: number) =>
      callApi<PaymentResult>("POST", "/api/paymentLPI", {
        token,
        body: { nonce: "", amountCents, activityId: created.body.Id },
        headers: { "Idempotency-Key": randomUUID() },
      });
    const withNonce = async (token: string | null, amountCents: number) => {
      const nonce = await cardNonce();
      return callApi<PaymentResult>("POST", "/api/paymentLPI", {
        token,
        body: { nonce, amountCents, activityId: created.body.Id },
        headers: { "Idempotency-Key": randomUUID() },
      });
    };
    expect((await payLpi(resident.idToken, 2500)).status).toBe(400);
    expect((await withNonce(other.idToken, 2500)).status).toBe(404);
    expect((await withNonce(resident.idToken, 2400)).status).toBe(400);
    const paid = await withNonce(resident.idToken, 2500);
    expect(paid.status).toBe(200);
    expect(paid.body).toMatchObject({ amountCents: 2500, paymentType: "LPI", accountNumber: created.body.caseNumber });

    // Paid: the bill shows the payment and nothing due, the application is Complete, and another attempt is refused.
    const paidBill = await callApi<LpiBill>("GET", `/api/lpiPayment/${created.body.Id}`, { token: resident.idToken });
    expect(paidBill.body).toMatchObject({
      amountCents: 0,
      paid: { amountCents: 2500, transactionId: paid.body.authNetTransId },
    });
    expect(await stackCrm().retrieve("LPI_Application__c", created.body.Id)).toMatchObject({
      Status__c: "Complete",
      Payment_Required__c: false,
    });
    expect((await withNonce(resident.idToken, 2500)).status).toBe(409);
  });
});
