import { randomUUID } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { sandboxControl } from "../../emulators/src/sandboxes/kit.ts";
import type { FormFee, PaymentResult } from "../../functions/src/contract/payment.ts";
import { testAdmin } from "../kit/admin.ts";
import { callApi } from "../kit/api.ts";
import { cardNonce } from "../kit/card-nonce.ts";
import { ALARM_FEE_CENTS, submittedAlarmForm } from "../kit/payments.ts";
import { principal } from "../kit/principals.ts";
import { stackInfo } from "../kit/stack-info.ts";

/** Issue 13 "Other payments": a form fee's amount is the forms service's, never the page's. */

const payments = () => sandboxControl(stackInfo().sandboxes.payments as string);
const billing = () => sandboxControl(stackInfo().sandboxes.billing as string);
const forms = () => sandboxControl(stackInfo().sandboxes.forms as string);
const CHARGE_ROUTE = "POST /gateway/v1/transactions";
const POST_ROUTE = "POST /naviline/api/v1/payments";

afterEach(async () => {
  await forms().setFaults({ down: false });
});

type ErrorBody = { error?: { code: string; message: string; fields?: Record<string, string> } };

const count = async (control: ReturnType<typeof payments>, route: string) =>
  (await control.counters()).byRoute[route] ?? 0;

/** Lookups of submissions at the forms service (the route has the submission id in it). */
const submissionLookups = async () =>
  Object.entries((await forms().counters()).byRoute)
    .filter(([route]) => route.startsWith("GET /forms/api/v1/submissions/"))
    .reduce((sum, [, calls]) => sum + calls, 0);

const feeOf = (submissionId: string, paymentCode: string, token?: string | null) =>
  callApi<FormFee & ErrorBody>("GET", `/api/payment/form-fee?${new URLSearchParams({ submissionId, paymentCode })}`, {
    token,
  });

const pay = (key: string, body: Record<string, unknown>, token?: string | null) =>
  callApi<PaymentResult & ErrorBody>("POST", "/api/payment", { token, body, headers: { "Idempotency-Key": key } });

const feeBody = async (submissionId: string, amountCents: number, paymentCode = "ALARM") => ({
  paymentType: "FORM_FEE",
  nonce: await cardNonce("approves"),
  amountCents,
  formFee: { submissionId, paymentCode },
});

describe("form fees: GET /api/payment/form-fee and POST /api/payment", () => {
  it("shows the forms service's fee, refuses forged amounts and unknown codes without charging, then charges the fee once", async () => {
    const token = (await principal("resident")).idToken as string;
    const submissionId = await submittedAlarmForm(token);

    // The fee is read from the forms service (the portal has no record of it yet).
    const lookupsBefore = await submissionLookups();
    const fee = await feeOf(submissionId, "ALARM", token);
    expect(fee.status).toBe(200);
    expect(fee.body).toEqual({
      accountNumber: "000000000-000000000",
      accountType: "Form Fee",
      paymentCode: "ALARM",
      processName: "Alarm Permit Fee",
      amountCents: ALARM_FEE_CENTS,
      paid: false,
    });
    expect((await submissionLookups()) - lookupsBefore).toBe(1);

    // Another code, another resident's or nobody's submission: 404 JSON, the same for each.
    for (const answer of [
      await feeOf(submissionId, "PAVILION", token),
      await feeOf(submissionId, "ALARM", (await principal("resident2")).idToken),
      await feeOf(randomUUID(), "ALARM", token),
    ]) {
      expect(answer.status).toBe(404);
      expect(answer.contentType).toContain("json");
      expect(answer.body.error?.code).toBe("not_found");
    }
    expect((await feeOf(submissionId, "ALARM", null)).status).toBe(401);

    const chargesBefore = await count(payments(), CHARGE_ROUTE);
    const postsBefore = await count(billing(), POST_ROUTE);

    // A forged amount (lower or higher) is refused, not corrected: the payer is never charged a sum the page did not show.
    for (const forged of [100, ALARM_FEE_CENTS + 1]) {
      const answer = await pay(randomUUID(), await feeBody(submissionId, forged), token);
      expect(answer.status).toBe(400);
      expect(answer.body.error?.fields).toMatchObject({ amountCents: "Invalid" });
    }
    // A body that names an amount any other way does not pass the strict schema.
    const named = await pay(randomUUID(), { ...(await feeBody(submissionId, ALARM_FEE_CENTS)), amount: 1 }, token);
    expect(named.status).toBe(400);
    // An unknown payment code, a made-up submission, a guest: 404 JSON.
    for (const answer of [
      await pay(randomUUID(), await feeBody(submissionId, ALARM_FEE_CENTS, "NOPE"), token),
      await pay(randomUUID(), await feeBody(randomUUID(), ALARM_FEE_CENTS), token),
      await pay(randomUUID(), await feeBody(submissionId, ALARM_FEE_CENTS), null),
    ]) {
      expect(answer.status).toBe(404);
      expect(answer.contentType).toContain("json");
    }
    expect(await count(payments(), CHARGE_ROUTE)).toBe(chargesBefore);

    // The fee itself: charged once, recorded in integer cents against the form-fee account. An
    // amount in the query string (as /payment's address once carried it) is not read.
    const key = randomUUID();
    const body = await feeBody(submissionId, ALARM_FEE_CENTS);
    const paid = await callApi<PaymentResult & ErrorBody>("POST", "/api/payment?amount=1.00&amountCents=100", {
      token,
      body,
      headers: { "Idempotency-Key": key },
    });
    expect(paid.status).toBe(200);
    expect(paid.body).toMatchObject({
      paymentType: "FORM_FEE",
      accountNumber: "000000000-000000000",
      amountCents: ALARM_FEE_CENTS,
      maskedCardNumber: "XXXX1111",
      postedToAccount: true,
    });
    expect((await count(payments(), CHARGE_ROUTE)) - chargesBefore).toBe(1);
    // Nothing goes to a water account.
    expect(await count(billing(), POST_ROUTE)).toBe(postsBefore);
    const stored = (await testAdmin().db.collection("payments").doc(paid.body.paymentId).get()).data();
    expect(stored).toMatchObject({
      state: "succeeded",
      paymentType: "FORM_FEE",
      accountNumber: "000000000-000000000",
      amountCents: ALARM_FEE_CENTS,
      reference: submissionId,
      uid: (await principal("resident")).user?.uid,
    });
    expect(Number.isInteger(stored?.amountCents)).toBe(true);

    // The same key: the first answer again, no second charge. Another key: the fee is paid already.
    const repeat = await pay(key, body, token);
    expect(repeat.status).toBe(200);
    expect(repeat.body).toEqual(paid.body);
    const again = await pay(randomUUID(), await feeBody(submissionId, ALARM_FEE_CENTS), token);
    expect(again.status).toBe(409);
    expect((await count(payments(), CHARGE_ROUTE)) - chargesBefore).toBe(1);
    expect((await feeOf(submissionId, "ALARM", token)).body).toMatchObject({ paid: true });
  });

  it("one fee paid at once from several tabs (a key each): one charge, the others 409; a declined card left it payable", async () => {
    const token = (await principal("resident")).idToken as string;
    const submissionId = await submittedAlarmForm(token);

    // A declined card takes nothing and holds nothing: the fee can still be paid.
    const declined = await pay(
      randomUUID(),
      { ...(await feeBody(submissionId, ALARM_FEE_CENTS)), nonce: await cardNonce("declines") },
      token,
    );
    expect(declined.status).toBe(422);
    expect((await feeOf(submissionId, "ALARM", token)).body).toMatchObject({ paid: false });

    // Four at once: one charges, each other caller is told 409. (Their checks seldom overlap this
    // closely on the local stack; functions/src/domains/payments/pay-once.test.ts makes them overlap.)
    const chargesBefore = await count(payments(), CHARGE_ROUTE);
    const bodies = await Promise.all([1, 2, 3, 4].map(() => feeBody(submissionId, ALARM_FEE_CENTS)));
    const answers = await Promise.all(bodies.map((body) => pay(randomUUID(), body, token)));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409, 409, 409]);
    for (const refused of answers.filter((answer) => answer.status === 409)) {
      expect(refused.contentType).toContain("json");
      expect(refused.body.error?.code).toBe("conflict");
    }
    expect((await count(payments(), CHARGE_ROUTE)) - chargesBefore).toBe(1);
    // Recorded: one payment took the money; every other attempt that got as far as the charge took nothing.
    const recorded = await testAdmin().db.collection("payments").where("reference", "==", submissionId).get();
    const states = recorded.docs.map((doc) => doc.get("state"));
    expect(states.filter((state) => state !== "refused")).toEqual(["succeeded"]);
  });

  it("with the forms service down the fee cannot be read: 503 JSON and nothing charged", async () => {
    const token = (await principal("resident")).idToken as string;
    const submissionId = await submittedAlarmForm(token);
    await forms().setFaults({ down: true });
    const chargesBefore = await count(payments(), CHARGE_ROUTE);
    const fee = await feeOf(submissionId, "ALARM", token);
    expect(fee.status).toBe(503);
    expect(fee.contentType).toContain("json");
    const paid = await pay(randomUUID(), await feeBody(submissionId, ALARM_FEE_CENTS), token);
    expect(paid.status).toBe(503);
    expect(await count(payments(), CHARGE_ROUTE)).toBe(chargesBefore);
  });
});
