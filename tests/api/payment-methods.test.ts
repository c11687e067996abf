import { afterEach, describe, expect, it } from "vitest";
import { BILLING_FIXTURES } from "../../emulators/src/seed/billing.ts";
import { seededUser } from "../../emulators/src/seed/fixtures.ts";
import type { AdminPaymentSettings } from "../../functions/src/contract/admin-users.ts";
import type { PaymentProfile } from "../../functions/src/contract/payment-methods.ts";
import { callApi } from "../kit/api.ts";
import { cardNonce } from "../kit/card-nonce.ts";
import { principal } from "../kit/principals.ts";

/**
 * Spec 2 §6, §7 items the audit (shared/audits/spec-2-items.md) found touched only by the generic
 * access and bad-input suites: POST /payment-methods (C17), DELETE /payment-methods/{id} (C18),
 * and an admin removing a user's autopay and stored cards (R6; api/admin-users asserted only a 404).
 * The gateway sandbox holds the profiles; each test removes what it added.
 */

const owner = seededUser("resident2");
const SEEDED_CARD = "9100000000000001";

async function token(key: "resident" | "resident2" | "admin"): Promise<string> {
  return (await principal(key)).idToken as string;
}

async function profilesOf(uid: string, key: "resident" | "resident2"): Promise<PaymentProfile[]> {
  const answer = await callApi<PaymentProfile[]>("GET", `/api/payment-methods?userId=${uid}`, {
    token: await token(key),
  });
  expect(answer.status).toBe(200);
  return answer.body;
}

let added: string[] = [];
afterEach(async () => {
  const resident2 = await token("resident2");
  for (const id of added) await callApi("DELETE", `/api/payment-methods/${id}`, { token: resident2 });
  added = [];
});

async function saveCard(card: "approves" | "declines" = "approves", nonce?: string) {
  const answer = await callApi<{ success: boolean; Id: string }>("POST", "/api/payment-methods", {
    token: await token("resident2"),
    body: { userId: owner.uid, nonce: nonce ?? (await cardNonce(card)) },
  });
  if (answer.status === 200) added.push(answer.body.Id);
  return answer;
}

describe("POST /api/payment-methods (spec 2 §7, C17)", () => {
  it("saves the hosted form's card as the caller's profile, masked; the same nonce again saves nothing more", async () => {
    const before = await profilesOf(owner.uid, "resident2");
    const nonce = await cardNonce("approves");
    const saved = await saveCard("approves", nonce);
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({ success: true, Id: expect.stringMatching(/^\d+$/) });
    const after = await profilesOf(owner.uid, "resident2");
    expect(after).toHaveLength(before.length + 1);
    expect(after.find((profile) => profile.Id === saved.body.Id)).toMatchObject({
      MaskedAccountNumber: "XXXX1111",
      Type: "card",
    });
    // A nonce is single-use and the save's idempotency key: a repeat answers the same profile.
    const again = await saveCard("approves", nonce);
    expect(again.status).toBe(200);
    expect(again.body.Id).toBe(saved.body.Id);
    expect(await profilesOf(owner.uid, "resident2")).toHaveLength(before.length + 1);
  });

  it("a card the gateway's validation declines and an unknown nonce are 422 JSON, and nothing is saved", async () => {
    const before = await profilesOf(owner.uid, "resident2");
    for (const answer of [await saveCard("declines"), await saveCard("approves", "unknown-nonce-0000")]) {
      expect(answer.status).toBe(422);
      expect(answer.contentType).toContain("json");
    }
    expect(await profilesOf(owner.uid, "resident2")).toHaveLength(before.length);
  });

  it("saving for another user is refused with 403", async () => {
    const answer = await callApi("POST", "/api/payment-methods", {
      token: await token("resident"),
      body: { userId: owner.uid, nonce: await cardNonce("approves") },
    });
    expect(answer.status).toBe(403);
  });
});

describe("DELETE /api/payment-methods/{id} (spec 2 §7, C18)", () => {
  it("only the owner deletes her profile: another user gets 404, the owner 200, then 404", async () => {
    const saved = await saveCard();
    expect(saved.status).toBe(200);
    const stranger = await callApi("DELETE", `/api/payment-methods/${saved.body.Id}`, {
      token: await token("resident"),
    });
    expect(stranger.status).toBe(404);
    expect((await profilesOf(owner.uid, "resident2")).map((profile) => profile.Id)).toContain(saved.body.Id);

    const removed = await callApi("DELETE", `/api/payment-methods/${saved.body.Id}`, {
      token: await token("resident2"),
    });
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({ success: true });
    expect((await profilesOf(owner.uid, "resident2")).map((profile) => profile.Id)).not.toContain(saved.body.Id);
    const again = await callApi("DELETE", `/api/payment-methods/${saved.body.Id}`, { token: await token("resident2") });
    expect(again.status).toBe(404);
    added = added.filter((id) => id !== saved.body.Id);
  });
});

describe("an admin removes a user's autopay and stored cards (spec 2 §6, R6)", () => {
  const resident = seededUser("resident");
  const { customerId, locationId, accountNumber } = BILLING_FIXTURES.goodAccount;

  it("deletes one of the user's cards: gone from her list; a resident may not", async () => {
    const saved = await saveCard();
    expect(saved.status).toBe(200);
    const path = `/api/users/payment-settings/${owner.uid}/payment-methods/${saved.body.Id}`;
    expect((await callApi("DELETE", path, { token: await token("resident") })).status).toBe(403);

    const settings = await callApi<AdminPaymentSettings>("GET", `/api/users/payment-settings/${owner.uid}`, {
      token: await token("admin"),
    });
    expect(settings.body.paymentMethods.map((method) => method.Id)).toContain(saved.body.Id);
    const removed = await callApi("DELETE", path, { token: await token("admin") });
    expect(removed.status).toBe(200);
    expect((await profilesOf(owner.uid, "resident2")).map((profile) => profile.Id)).not.toContain(saved.body.Id);
    expect((await callApi("DELETE", path, { token: await token("admin") })).status).toBe(404);
    added = added.filter((id) => id !== saved.body.Id);
  });

  it("removes the autopay of one of the user's accounts: the account shows none, and the card no longer pays it", async () => {
    const residentToken = await token("resident");
    try {
      const enrolled = await callApi<{ AutopayId: string }>("PUT", "/api/autopay", {
        token: residentToken,
        body: { navilineCustomerId: customerId, navilineLocationId: locationId, savedCard: SEEDED_CARD },
      });
      expect(enrolled.status).toBe(200);
      const settings = async () =>
        (
          await callApi<AdminPaymentSettings>("GET", `/api/users/payment-settings/${resident.uid}`, {
            token: await token("admin"),
          })
        ).body.accounts.find((account) => account.customerId === customerId && account.locationId === locationId);
      const before = await settings();
      expect(before?.autopay).toMatchObject({
        autopayId: enrolled.body.AutopayId,
        status: "R",
        paymentProfileId: SEEDED_CARD,
      });
      expect(
        (
          await callApi<AdminPaymentSettings>("GET", `/api/users/payment-settings/${resident.uid}`, {
            token: await token("admin"),
          })
        ).body.paymentMethods.find((method) => method.Id === SEEDED_CARD),
      ).toMatchObject({ UsedByAutopay: true });

      const path = `/api/users/payment-settings/${resident.uid}/autopay/${enrolled.body.AutopayId}`;
      expect((await callApi("DELETE", path, { token: residentToken })).status).toBe(403);
      const removed = await callApi("DELETE", path, { token: await token("admin") });
      expect(removed.status).toBe(200);
      expect((await settings())?.autopay ?? null).toBeNull();
      const used = await callApi<boolean>("GET", `/api/payment-methods/${SEEDED_CARD}`, { token: residentToken });
      expect(used.body).toBe(false);
      expect((await callApi("DELETE", path, { token: await token("admin") })).status).toBe(404);
    } finally {
      // The seed has no autopay on this account; other files rely on that.
      await callApi("DELETE", "/api/autopay/", { token: residentToken, body: { accountNumber } });
    }
  });
});
