import { afterEach, describe, expect, it } from "vitest";
import { BILLING_FIXTURES } from "../../emulators/src/seed/billing.ts";
import { seededUser } from "../../emulators/src/seed/fixtures.ts";
import type { PaymentProfile } from "../../functions/src/contract/payment-methods.ts";
import { callApi } from "../kit/api.ts";
import { cardNonce } from "../kit/card-nonce.ts";
import { amountDueCents, CHARGE_ROUTE, newKey, pay, paymentsControl, routeCount } from "../kit/payments.ts";
import { principal } from "../kit/principals.ts";

/**
 * Issue 32 "Save this card" at checkout (EnableCORE off, the seed's setting): a signed-in payer's
 * one-time card is saved at the gateway as one of her payment profiles, and that profile is
 * charged; a card the gateway refuses is neither saved nor charged; a guest cannot save one.
 */

const [customerId, locationId] = BILLING_FIXTURES.delinquentAccount.accountNumber.split("-") as [string, string];
const person = seededUser("resident2");

const utilityBody = async (card: "approves" | "declines" = "approves") => ({
  paymentType: "UTILITY",
  nonce: await cardNonce(card),
  saveCard: true,
  amountCents: await amountDueCents(BILLING_FIXTURES.delinquentAccount.accountNumber),
  navilineCustomerId: customerId,
  navilineLocationId: locationId,
  confirmPayAgain: true,
});

async function profiles(): Promise<PaymentProfile[]> {
  const { idToken } = await principal("resident2");
  const answer = await callApi<PaymentProfile[]>("GET", `/api/payment-methods?userId=${person.uid}`, {
    token: idToken,
  });
  expect(answer.status).toBe(200);
  return answer.body;
}

let before = new Set<string>();

afterEach(async () => {
  await paymentsControl().setFaults({ down: false });
  const { idToken } = await principal("resident2");
  for (const profile of await profiles()) {
    if (!before.has(profile.Id)) await callApi("DELETE", `/api/payment-methods/${profile.Id}`, { token: idToken });
  }
});

describe("POST /api/payment with saveCard", () => {
  it("saves the card as a profile of the payer, charges it once, and a repeat of the key saves nothing more", async () => {
    before = new Set((await profiles()).map((profile) => profile.Id));
    const { idToken } = await principal("resident2");
    const chargesBefore = await routeCount(paymentsControl(), CHARGE_ROUTE);
    const key = newKey();
    const body = await utilityBody();
    const paid = await pay(key, body, idToken);
    expect(paid.status).toBe(200);
    expect(paid.body).toMatchObject({ cardSaved: true, amountCents: body.amountCents, maskedCardNumber: "XXXX1111" });

    const added = (await profiles()).filter((profile) => !before.has(profile.Id));
    expect(added).toEqual([expect.objectContaining({ Type: "card", MaskedAccountNumber: "XXXX1111" })]);
    expect(await routeCount(paymentsControl(), CHARGE_ROUTE)).toBe(chargesBefore + 1);

    const again = await pay(key, body, idToken);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(paid.body);
    expect((await profiles()).filter((profile) => !before.has(profile.Id))).toHaveLength(1);
    expect(await routeCount(paymentsControl(), CHARGE_ROUTE)).toBe(chargesBefore + 1);
  });

  it("a card the gateway declines is not saved and not charged", async () => {
    before = new Set((await profiles()).map((profile) => profile.Id));
    const { idToken } = await principal("resident2");
    const chargesBefore = await routeCount(paymentsControl(), CHARGE_ROUTE);
    const declined = await pay(newKey(), await utilityBody("declines"), idToken);
    expect(declined.status).toBe(422);
    expect(declined.body.error?.message).toBe("Your card was declined. No money was taken.");
    expect((await profiles()).filter((profile) => !before.has(profile.Id))).toEqual([]);
    expect(await routeCount(paymentsControl(), CHARGE_ROUTE)).toBe(chargesBefore);
  });

  it("a guest cannot save a card, nor can a saved profile be saved again: 400, nothing charged", async () => {
    before = new Set((await profiles()).map((profile) => profile.Id));
    const chargesBefore = await routeCount(paymentsControl(), CHARGE_ROUTE);
    const guest = await pay(newKey(), await utilityBody(), null);
    expect(guest.status).toBe(400);
    expect(guest.body.error?.fields).toEqual({ saveCard: "Invalid" });

    const { idToken } = await principal("resident2");
    const { nonce: _, ...rest } = await utilityBody();
    const twice = await pay(newKey(), { ...rest, paymentProfileId: "123456" }, idToken);
    expect(twice.status).toBe(400);
    expect(twice.body.error?.fields?.["body.saveCard"]).toBe("Invalid");
    expect(await routeCount(paymentsControl(), CHARGE_ROUTE)).toBe(chargesBefore);
  });
});
