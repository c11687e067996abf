import { createHash } from "node:crypto";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import type { FunctionHost } from "../../emulators/src/launcher/function-hosts.ts";
import { BILLING_FIXTURES } from "../../emulators/src/seed/billing.ts";
import { seededUser } from "../../emulators/src/seed/fixtures.ts";
import type { FormFee } from "../../functions/src/contract/payment.ts";
import { PAY_AGAIN_CODE } from "../../functions/src/contract/payment-constants.ts";
import { testAdmin } from "../kit/admin.ts";
import { callApi } from "../kit/api.ts";
import { cardNonce } from "../kit/card-nonce.ts";
import { startOwnFunctionHost } from "../kit/function-host.ts";
import { pointJobsAtStack } from "../kit/jobs.ts";
import {
  ALARM_FEE_CENTS,
  amountDueCents,
  billingPosts,
  expectLpiPaid,
  gatewayCharges,
  newKey,
  newLpiApplication,
  type PaymentAnswer,
  pay,
  payLpi,
  submittedAlarmForm,
} from "../kit/payments.ts";
import { principal } from "../kit/principals.ts";
import { stackInfo } from "../kit/stack-info.ts";

/**
 * Issue 26 "Done when": for each payment type, the function instance dies (SIGKILL) after the card
 * provider took the money and before the portal recorded it. The portal's record says `charging`,
 * and nothing can charge the same bill meanwhile; after a new instance starts, the reconcile job
 * (domains/payments/reconcile.service.ts) records the payment once, where it is owed, and a repeat
 * of the request gets the recorded success without a second charge.
 */

const chargeAnswers = async (hold?: boolean) => {
  const response = await fetch(`${stackInfo().sandboxes.payments}/__sandbox/charge-answers`, {
    method: hold === undefined ? "GET" : "PUT",
    headers: hold === undefined ? undefined : { "content-type": "application/json" },
    body: hold === undefined ? undefined : JSON.stringify({ hold }),
  });
  return (await response.json()) as { hold: boolean; held: number };
};

/** The payment's record id, as payOnce derives it from the caller and the Idempotency-Key. */
const paymentIdOf = (uid: string | null, key: string) =>
  createHash("sha256")
    .update(`${uid ?? "guest"}\n${key}`)
    .digest("hex")
    .slice(0, 40);

let reconcilePayments: (now?: number) => Promise<{ charged: number; refused: number; posted: number }>;
/** The reconcile job's run, as the scheduler would start it once the attempt is stale (2 minutes). */
const runReconcile = () => reconcilePayments(Date.now() + 3 * 60_000);

beforeAll(async () => {
  pointJobsAtStack();
  ({ reconcilePayments } = await import("../../functions/src/domains/payments/reconcile.service.ts"));
});

let hosts: FunctionHost[] = [];
afterEach(async () => {
  await chargeAnswers(false);
  await Promise.all(hosts.map((host) => host.kill()));
  hosts = [];
});

/** A new instance of the payment function (Cloud Run starts one when another dies). */
async function paymentInstance(): Promise<FunctionHost> {
  const host = await startOwnFunctionHost("payment");
  hosts.push(host);
  return host;
}

/**
 * Sends the payment to an instance of its own, lets the gateway take the money but holds its
 * answer, and kills the instance while it waits. Answers the payment's record id.
 */
async function killedBetweenChargeAndRecord(
  path: "/api/payment" | "/api/paymentLPI",
  body: Record<string, unknown>,
  who: { uid: string | null; token: string | null },
  key: string,
): Promise<string> {
  const instance = await paymentInstance();
  const chargesBefore = await gatewayCharges();
  await chargeAnswers(true);
  const answered = fetch(`${instance.url}${path}`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "idempotency-key": key,
      ...(who.token ? { authorization: `Bearer ${who.token}` } : {}),
    },
    body: JSON.stringify(body),
  }).then(
    (response) => response.status,
    () => "no answer",
  );
  while ((await chargeAnswers()).held === 0) await new Promise((resolve) => setTimeout(resolve, 20));
  await instance.kill();
  expect(await answered).toBe("no answer");
  await chargeAnswers(false);
  // The money is taken; the portal's record still says only that the charge was started.
  expect((await gatewayCharges()) - chargesBefore).toBe(1);
  const id = paymentIdOf(who.uid, key);
  const record = (await testAdmin().db.collection("payments").doc(id).get()).data();
  expect(record).toMatchObject({ state: "charging", gatewayTransactionId: null });
  return id;
}

/** After the crash: a new instance and the reconcile job; the payment is recorded once. */
async function restartAndReconcile(id: string) {
  const instance = await paymentInstance();
  const first = await runReconcile();
  expect(first.charged).toBeGreaterThanOrEqual(1);
  const record = (await testAdmin().db.collection("payments").doc(id).get()).data();
  expect(record).toMatchObject({ state: "succeeded", answerStatus: 200 });
  expect(record?.gatewayTransactionId).toMatch(/^\d+$/);
  return instance;
}

/** Sends a payment to an instance directly (the front door is another instance). */
async function repeatOn(instance: FunctionHost, path: string, key: string, body: unknown, token: string | null) {
  const response = await fetch(`${instance.url}${path}`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "idempotency-key": key,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as PaymentAnswer };
}

describe("a payment instance killed between the charge and its record", () => {
  it("form fee: recorded once by the reconcile job; the fee shows paid and nothing charges it again", async () => {
    const resident = await principal("resident");
    const token = resident.idToken as string;
    const uid = seededUser("resident").uid;
    const submissionId = await submittedAlarmForm(token);
    const body = {
      paymentType: "FORM_FEE",
      nonce: await cardNonce(),
      amountCents: ALARM_FEE_CENTS,
      formFee: { submissionId, paymentCode: "ALARM" },
    };
    const key = newKey();
    const id = await killedBetweenChargeAndRecord("/api/payment", body, { uid, token }, key);
    const charges = await gatewayCharges();

    // Meanwhile another tab cannot pay it.
    const other = await pay(newKey(), { ...body, nonce: await cardNonce() }, token);
    expect(other.status).toBe(409);

    const instance = await restartAndReconcile(id);
    const fee = await callApi<FormFee>(
      "GET",
      `/api/payment/form-fee?${new URLSearchParams({ submissionId, paymentCode: "ALARM" })}`,
      { token },
    );
    expect(fee.body.paid).toBe(true);
    const repeat = await repeatOn(instance, "/api/payment", key, body, token);
    expect(repeat.status).toBe(200);
    expect(repeat.body).toMatchObject({ paymentId: id, amountCents: ALARM_FEE_CENTS, paymentType: "FORM_FEE" });
    expect((await pay(newKey(), { ...body, nonce: await cardNonce() }, token)).status).toBe(409);
    await runReconcile();
    expect(await gatewayCharges()).toBe(charges);
  });

  it("LPI: recorded once and marked paid in the CRM by the reconcile job; never charged again", async () => {
    const resident = await principal("resident");
    const token = resident.idToken as string;
    const uid = seededUser("resident").uid;
    const application = await newLpiApplication(token);
    const body = { nonce: await cardNonce(), amountCents: 2500, activityId: application.Id };
    const key = newKey();
    const id = await killedBetweenChargeAndRecord("/api/paymentLPI", body, { uid, token }, key);
    const charges = await gatewayCharges();

    const other = await payLpi(newKey(), { ...body, nonce: await cardNonce() }, token);
    expect(other.status).toBe(409);

    const instance = await restartAndReconcile(id);
    await expectLpiPaid(application.Id, token);
    const repeat = await repeatOn(instance, "/api/paymentLPI", key, body, token);
    expect(repeat.status).toBe(200);
    expect(repeat.body).toMatchObject({ paymentId: id, paymentType: "LPI", amountCents: 2500 });
    expect([409, 422]).toContain((await payLpi(newKey(), { ...body, nonce: await cardNonce() }, token)).status);
    await runReconcile();
    expect(await gatewayCharges()).toBe(charges);
  });

  it("license renewal (guest): recorded once by the reconcile job; a repeat and another tab charge nothing", async () => {
    const { license } = BILLING_FIXTURES;
    const body = {
      paymentType: "BUSINESS_LICENSE",
      nonce: await cardNonce(),
      amountCents: (license.dues?.feeCents ?? 0) + (license.dues?.penaltyCents ?? 0),
      license: { licenseYear: license.year, licenseNumber: license.licenseNumber, licensePIN: license.pin },
      confirmPayAgain: true,
    };
    const key = newKey();
    const id = await killedBetweenChargeAndRecord("/api/payment", body, { uid: null, token: null }, key);
    const charges = await gatewayCharges();

    // Even a confirmed "Pay again?" waits for this one: it is not recorded yet.
    expect((await pay(newKey(), { ...body, nonce: await cardNonce() })).status).toBe(409);

    const instance = await restartAndReconcile(id);
    const repeat = await repeatOn(instance, "/api/payment", key, body, null);
    expect(repeat.status).toBe(200);
    expect(repeat.body).toMatchObject({ paymentId: id, paymentType: "BUSINESS_LICENSE" });
    const asked = await pay(newKey(), { ...body, nonce: await cardNonce(), confirmPayAgain: false });
    expect(asked.body.error?.message).toBe(PAY_AGAIN_CODE);
    await runReconcile();
    expect(await gatewayCharges()).toBe(charges);
  });

  it.each([
    ["a card typed as a guest", "guest"],
    ["the resident's saved card", "saved"],
  ] as const)("utility bill with %s: posted to the account once by the reconcile job", async (_label, source) => {
    const account = BILLING_FIXTURES.delinquentAccount;
    const resident = await principal("resident");
    const who =
      source === "saved"
        ? { uid: seededUser("resident").uid, token: resident.idToken as string }
        : { uid: null, token: null };
    const body = {
      paymentType: "UTILITY",
      ...(source === "saved" ? { paymentProfileId: "9100000000000001" } : { nonce: await cardNonce() }),
      amountCents: await amountDueCents(account.accountNumber),
      navilineCustomerId: account.customerId,
      navilineLocationId: account.locationId,
      confirmPayAgain: true,
    };
    const postsBefore = await billingPosts();
    const key = newKey();
    const id = await killedBetweenChargeAndRecord("/api/payment", body, who, key);
    const charges = await gatewayCharges();
    expect(await billingPosts()).toBe(postsBefore);

    expect((await pay(newKey(), { ...body, nonce: await cardNonce(), paymentProfileId: undefined })).status).toBe(409);

    const instance = await restartAndReconcile(id);
    expect((await billingPosts()) - postsBefore).toBe(1);
    const repeat = await repeatOn(instance, "/api/payment", key, body, who.token);
    expect(repeat.status).toBe(200);
    expect(repeat.body).toMatchObject({ paymentId: id, paymentType: "UTILITY", postedToAccount: true });
    expect(repeat.body.navilineRoutingIds.length).toBeGreaterThan(0);
    await runReconcile();
    expect(await gatewayCharges()).toBe(charges);
    expect((await billingPosts()) - postsBefore).toBe(1);
  });
});
