import { randomUUID } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { sandboxControl } from "../../emulators/src/sandboxes/kit.ts";
import { BILLING_FIXTURES } from "../../emulators/src/seed/billing.ts";
import type { AccountLookupAnswer, PaymentResult } from "../../functions/src/contract/payment.ts";
import { callApi } from "../kit/api.ts";
import { cardNonce } from "../kit/card-nonce.ts";
import { principal } from "../kit/principals.ts";
import { stackInfo } from "../kit/stack-info.ts";

/** The /payment autopay checkbox: after a successful payment with a saved card, the account pays by autopay. */

const payments = () => sandboxControl(stackInfo().sandboxes.payments as string);
const CHARGE_ROUTE = "POST /gateway/v1/transactions";
const { customerId, locationId, accountNumber } = BILLING_FIXTURES.goodAccount;
/** The seeded resident's saved card at the gateway. */
const SAVED_CARD = "9100000000000001";

type Answer = PaymentResult & { error?: { code: string; fields?: Record<string, string> } };
const pay = (key: string, body: Record<string, unknown>, token?: string | null) =>
  callApi<Answer>("POST", "/api/payment", { token, body, headers: { "Idempotency-Key": key } });

async function amountDueCents(): Promise<number> {
  const answer = await callApi<AccountLookupAnswer>("GET", `/api/naviline/account?accountNumber=${accountNumber}`);
  return Math.max(100, Math.round(answer.body.OutputParms.AmountDueWithoutPending * 100));
}

const body = async (source: Record<string, string>) => ({
  paymentType: "UTILITY",
  ...source,
  amountCents: await amountDueCents(),
  navilineCustomerId: customerId,
  navilineLocationId: locationId,
  autoPay: true,
  confirmPayAgain: true,
});

const removeAutopay = async () =>
  callApi("DELETE", "/api/autopay/", { token: (await principal("resident")).idToken, body: { accountNumber } });
const charges = async () => (await payments().counters()).byRoute[CHARGE_ROUTE] ?? 0;

afterEach(async () => {
  await removeAutopay();
});

describe("autopay checkbox on /payment", () => {
  it("a resident paying their account with a saved card and autopay ticked is enrolled once, after the charge", async () => {
    const resident = await principal("resident");
    await removeAutopay();
    const key = randomUUID();
    const request = await body({ paymentProfileId: SAVED_CARD });
    const paid = await pay(key, request, resident.idToken);
    expect(paid.status).toBe(200);
    expect(paid.body).toMatchObject({ accountNumber, autopayEnrolled: true, postedToAccount: true });
    // The account now pays by autopay with this card.
    const used = await callApi<boolean>("GET", `/api/payment-methods/${SAVED_CARD}`, { token: resident.idToken });
    expect(used.body).toBe(true);
    expect((await removeAutopay()).status).toBe(200);

    // A repeat of the key answers the first result and neither charges nor enrols again.
    const before = await charges();
    const again = await pay(key, request, resident.idToken);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(paid.body);
    expect(await charges()).toBe(before);
    expect((await removeAutopay()).status).toBe(404);
  });

  it("autopay with a one-time card or as a guest is refused before anything is charged", async () => {
    const resident = await principal("resident");
    const before = await charges();
    const oneTime = await pay(randomUUID(), await body({ nonce: await cardNonce("approves") }), resident.idToken);
    expect(oneTime.status).toBe(400);
    expect(oneTime.body.error?.fields).toEqual({ autoPay: "PaymentAutopay.NotPossible" });
    const guest = await pay(randomUUID(), await body({ nonce: await cardNonce("approves") }));
    expect(guest.status).toBe(400);
    expect(guest.body.error?.fields).toEqual({ autoPay: "PaymentAutopay.NotPossible" });
    expect(await charges()).toBe(before);
    expect((await removeAutopay()).status).toBe(404);
  });
});
