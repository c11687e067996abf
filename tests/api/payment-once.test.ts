import { describe, expect, it, onTestFinished } from "vitest";
import { BILLING_FIXTURES } from "../../emulators/src/seed/billing.ts";
import { seededUser } from "../../emulators/src/seed/fixtures.ts";
import { PAY_AGAIN_CODE } from "../../functions/src/contract/payment-constants.ts";
import { testAdmin } from "../kit/admin.ts";
import { type ApiAnswer, callApi } from "../kit/api.ts";
import { cardNonce } from "../kit/card-nonce.ts";
import {
  amountDueCents,
  billingPosts,
  billsNobodyPays,
  expectLpiPaid,
  gatewayCharges,
  newKey,
  newLpiApplication,
  type PaymentAnswer,
  pay,
  payLpi,
} from "../kit/payments.ts";
import { principal } from "../kit/principals.ts";

/**
 * Issue 26 finding 2: every payment type is claimed before the charge, so requests started at the
 * same moment (several tabs, each its own Idempotency-Key, each on its own connection) charge once;
 * a deliberate "Pay again?" still charges a second time. Finding 9: the "Pay again?" 409 names the
 * earlier payment only to a signed-in holder of the account.
 */

const delinquent = BILLING_FIXTURES.delinquentAccount;
/** Bills nothing else pays: the first payment of each is not asked "Pay again?". */
const unpaid = billsNobodyPays();

const utilityBody = async (
  account: { customerId: string; locationId: string },
  amountCents: number,
  confirmPayAgain: boolean,
) => ({
  paymentType: "UTILITY",
  nonce: await cardNonce(),
  amountCents,
  navilineCustomerId: account.customerId,
  navilineLocationId: account.locationId,
  confirmPayAgain,
});

const licenseBody = async (confirmPayAgain: boolean) => ({
  paymentType: "BUSINESS_LICENSE",
  nonce: await cardNonce(),
  amountCents: unpaid.license.dueCents,
  license: unpaid.license.request,
  confirmPayAgain,
});

/** Sends every request at the same moment (each fetch its own connection) and sorts the statuses. */
async function allAtOnce(send: (() => Promise<ApiAnswer<PaymentAnswer>>)[]) {
  const answers = await Promise.all(send.map((request) => request()));
  for (const refused of answers.filter((answer) => answer.status === 409)) {
    expect(refused.body.error?.code).toBe("conflict");
  }
  return { answers, statuses: answers.map((answer) => answer.status).sort() };
}

describe("finding 2: one charge for a bill however many tabs pay it at once", () => {
  it("LPI: four tabs at once charge once; the application is marked paid in the CRM, so no later charge", async () => {
    const resident = await principal("resident");
    const token = resident.idToken as string;
    const application = await newLpiApplication(token);
    const chargesBefore = await gatewayCharges();

    const bodies = await Promise.all(
      [1, 2, 3, 4].map(async () => ({ nonce: await cardNonce(), amountCents: 2500, activityId: application.Id })),
    );
    const { answers, statuses } = await allAtOnce(bodies.map((body) => () => payLpi(newKey(), body, token)));
    expect(statuses).toEqual([200, 409, 409, 409]);
    expect((await gatewayCharges()) - chargesBefore).toBe(1);
    const paid = answers.find((answer) => answer.status === 200) as ApiAnswer<PaymentAnswer>;
    expect(paid.body).toMatchObject({ paymentType: "LPI", amountCents: 2500, accountNumber: application.caseNumber });

    // The CRM knows it is paid: the bill shows nothing due.
    await expectLpiPaid(application.Id, token);
    const stored = (await testAdmin().db.collection("payments").doc(paid.body.paymentId).get()).data();
    expect(stored).toMatchObject({
      state: "succeeded",
      reference: `LPI:${application.Id}`,
      crmRecordId: application.Id,
    });

    // A later attempt (a third tab, another key) takes nothing.
    const later = await payLpi(
      newKey(),
      { nonce: await cardNonce(), amountCents: 2500, activityId: application.Id },
      token,
    );
    expect([409, 422]).toContain(later.status);
    expect((await gatewayCharges()) - chargesBefore).toBe(1);
  });

  it("license renewal: guest tabs at once charge once; a deliberate 'Pay again?' charges once more", async () => {
    const chargesBefore = await gatewayCharges();
    expect(unpaid.license.dueCents).toBeGreaterThan(100);
    // Four tabs of a first payment: whichever order the server sees them in, one charges and each
    // other is told 409 (it is being paid, or it was paid: "Pay again?").
    const bodies = await Promise.all([1, 2, 3, 4].map(() => licenseBody(false)));
    const { statuses } = await allAtOnce(bodies.map((body) => () => pay(newKey(), body)));
    expect(statuses).toEqual([200, 409, 409, 409]);
    expect((await gatewayCharges()) - chargesBefore).toBe(1);

    // Unconfirmed: "Pay again?", and a guest is not told what was paid or when (finding 9).
    const asked = await pay(newKey(), await licenseBody(false));
    expect(asked.status).toBe(409);
    expect(asked.body.error).toMatchObject({ code: "conflict", message: PAY_AGAIN_CODE });
    expect(asked.body.error?.fields).toBeUndefined();
    // Confirmed on purpose: charged again.
    const again = await pay(newKey(), await licenseBody(true));
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect((await gatewayCharges()) - chargesBefore).toBe(2);
  });

  it("utility bill: guest tabs at once charge and post once; a deliberate 'Pay again?' charges once more", async () => {
    const { account } = unpaid;
    const amountCents = await amountDueCents(account.accountNumber);
    const chargesBefore = await gatewayCharges();
    const postsBefore = await billingPosts();
    const bodies = await Promise.all([1, 2, 3, 4].map(() => utilityBody(account, amountCents, false)));
    const { statuses } = await allAtOnce(bodies.map((body) => () => pay(newKey(), body)));
    expect(statuses).toEqual([200, 409, 409, 409]);
    expect((await gatewayCharges()) - chargesBefore).toBe(1);
    expect((await billingPosts()) - postsBefore).toBe(1);

    const again = await pay(newKey(), await utilityBody(account, await amountDueCents(account.accountNumber), true));
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect((await gatewayCharges()) - chargesBefore).toBe(2);
  });
});

describe("finding 9: 'Pay again?' names the earlier payment only to a signed-in holder of the account", () => {
  it("a guest and a resident who does not hold the account learn only that it was paid; its holder sees amount and time", async () => {
    const holder = await principal("resident2");
    const uid = seededUser("resident2").uid;
    const linked = await callApi("POST", "/api/naviline/paymentInformation", {
      token: holder.idToken,
      body: { userId: uid, ...delinquent, accountNumber: undefined },
    });
    expect(linked.status, JSON.stringify(linked.body)).toBe(200);
    onTestFinished(async () => {
      await callApi(
        "DELETE",
        `/api/naviline/paymentInformation?userId=${uid}&customerId=${delinquent.customerId}&locationId=${delinquent.locationId}`,
        { token: holder.idToken },
      );
    });
    const amountCents = await amountDueCents(delinquent.accountNumber);
    expect((await pay(newKey(), await utilityBody(delinquent, amountCents, true))).status).toBe(200);

    const guest = await pay(newKey(), await utilityBody(delinquent, amountCents, false));
    const stranger = await pay(
      newKey(),
      await utilityBody(delinquent, amountCents, false),
      (await principal("resident")).idToken,
    );
    for (const answer of [guest, stranger]) {
      expect(answer.status).toBe(409);
      expect(answer.body.error).toMatchObject({ code: "conflict", message: PAY_AGAIN_CODE });
      expect(answer.body.error?.fields).toBeUndefined();
    }
    const own = await pay(newKey(), await utilityBody(delinquent, amountCents, false), holder.idToken);
    expect(own.status).toBe(409);
    expect(own.body.error?.message).toBe(PAY_AGAIN_CODE);
    expect(own.body.error?.fields?.amountCents).toMatch(/^\d+$/);
    expect(Date.parse(own.body.error?.fields?.paidAt ?? "")).toBeGreaterThan(Date.now() - 60 * 60_000);
  });
});
