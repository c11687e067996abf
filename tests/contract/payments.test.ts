import { describe, expect, it } from "vitest";
import { TEST_CARDS } from "../../emulators/src/sandboxes/payments/cards.ts";
import { paymentsSandbox, SEEDED_GATEWAY_CUSTOMER_PROFILE_ID } from "../../emulators/src/sandboxes/payments/index.ts";
import { seededUser } from "../../emulators/src/seed/fixtures.ts";
import { createHttpCoreConnector } from "../../functions/src/connectors/payments/http-core-connector";
import { createHttpGatewayConnector } from "../../functions/src/connectors/payments/http-gateway-connector";
import type { ConnectorError } from "../../functions/src/platform/connector-error";
import { connectorFailure } from "../kit/connector-error.ts";
import { timeWhileSlow, useSandbox } from "../kit/sandbox.ts";

const PORTAL_ORIGIN = "http://localhost:5000";
const gateway = () => createHttpGatewayConnector();
const core = () => createHttpCoreConnector();
const billPay = {
  transactionType: "BILL_PAY" as const,
  customerId: "seed-resident",
  accountNumber: "000104200-000550000",
  amountCents: 5230,
  appCode: "UTILITY",
  language: "en" as const,
  parentOrigin: PORTAL_ORIGIN,
};
let keySequence = 0;
const newKey = () => `test-key-${Date.now()}-${++keySequence}`;

async function expectConnectorError(work: Promise<unknown>, kind: ConnectorError["kind"]) {
  const error = await connectorFailure(work);
  expect(error.kind).toBe(kind);
}

const card = (cardNumber: string) => ({
  nameOnCard: "Maria Lopez",
  cardNumber,
  expiry: "12/39",
  cvv: "123",
  postalCode: "60120",
});

/** Does what a hosted page's script does: reads its submit URL from the page and posts the card there. */
async function submitHostedPage(pageUrl: string, fields: Record<string, string>, idempotencyKey = newKey()) {
  const html = await (await fetch(pageUrl)).text();
  const submitUrl = /data-submit-url="([^"]+)"/.exec(html)?.[1];
  const token = /data-token="([^"]*)"/.exec(html)?.[1] ?? "";
  expect(submitUrl).toBeTruthy();
  const response = await fetch(new URL(submitUrl as string, pageUrl), {
    method: "POST",
    headers: { "content-type": "application/json", "idempotency-key": idempotencyKey },
    body: JSON.stringify({ ...fields, token }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function nonceFor(cardNumber: string) {
  const { status, body } = await submitHostedPage(gateway().hostedCardFormUrl(PORTAL_ORIGIN), card(cardNumber));
  expect(status).toBe(200);
  return body.nonce as string;
}

const running = useSandbox(paymentsSandbox, { PAYMENTS_TIMEOUT_MS: "2000" });

describe("legacy gateway: hosted card form", () => {
  it("serves an accessible form, framable only by the portal", async () => {
    const response = await fetch(gateway().hostedCardFormUrl(`${PORTAL_ORIGIN}/payment?x=1`));
    expect(response.status).toBe(200);
    expect(response.headers.get("content-security-policy")).toContain(`frame-ancestors ${PORTAL_ORIGIN}`);
    const html = await response.text();
    expect(html).toMatch(/<html lang="en">/);
    for (const name of ["nameOnCard", "cardNumber", "expiry", "cvv", "postalCode"]) {
      expect(html).toContain(`<label for="${name}">`);
      expect(html).toMatch(
        new RegExp(
          `<input id="${name}" name="${name}"[^>]*autocomplete="[a-z-]+"[^>]*aria-describedby="${name}-error"`,
        ),
      );
    }
    expect(html).toContain(`data-parent-origin="${PORTAL_ORIGIN}"`);
    const script = await fetch(new URL("/gateway/v1/hosted/card-form.js", running.sandbox.url));
    expect(script.headers.get("content-type")).toContain("javascript");
  });

  it("refuses a form without the embedding origin, and explains bad card fields", async () => {
    expect((await fetch(`${running.sandbox.env.PAYMENTS_GATEWAY_URL}/hosted/card-form`)).status).toBe(400);
    const { status, body } = await submitHostedPage(gateway().hostedCardFormUrl(PORTAL_ORIGIN), {
      ...card("4111111111111112"),
      expiry: "13/20",
    });
    expect(status).toBe(400);
    expect(Object.keys(body.fields as object).sort()).toEqual(["cardNumber", "expiry"]);
  });
});

describe("legacy gateway: charges", () => {
  it("approves the approving test card", async () => {
    const result = await gateway().charge({
      source: { nonce: await nonceFor(TEST_CARDS.approves) },
      amountCents: 5230,
      description: "Water bill",
      idempotencyKey: newKey(),
    });
    expect(result).toMatchObject({ amountCents: 5230, maskedCardNumber: "XXXX1111", cardType: "Visa" });
    expect(result.transactionId).toMatch(/^\d+$/);
  });

  it("rejects the declining test card", async () => {
    const charge = gateway().charge({
      source: { nonce: await nonceFor(TEST_CARDS.declines) },
      amountCents: 5230,
      description: "x",
      idempotencyKey: newKey(),
    });
    await expectConnectorError(charge, "rejected");
  });

  it("reports the processor-error test card as unavailable", async () => {
    const charge = gateway().charge({
      source: { nonce: await nonceFor(TEST_CARDS.processorError) },
      amountCents: 5230,
      description: "x",
      idempotencyKey: newKey(),
    });
    await expectConnectorError(charge, "unavailable");
  });

  it("answers a repeated idempotency key with the first charge, and never reuses a nonce", async () => {
    const nonce = await nonceFor(TEST_CARDS.approves);
    const request = { source: { nonce }, amountCents: 1999, description: "Permit fee", idempotencyKey: newKey() };
    const first = await gateway().charge(request);
    const again = await gateway().charge(request);
    expect(again.transactionId).toBe(first.transactionId);
    await expectConnectorError(gateway().charge({ ...request, idempotencyKey: newKey() }), "rejected");
    await expectConnectorError(gateway().charge({ ...request, amountCents: 2999 }), "rejected");
  });

  it("finds an approved charge by its invoice number (a lost answer), and nothing for a declined one", async () => {
    const invoiceNumber = `inv-${newKey()}`;
    const charged = await gateway().charge({
      source: { nonce: await nonceFor(TEST_CARDS.approves) },
      amountCents: 4321,
      description: "Utility bill",
      invoiceNumber,
      idempotencyKey: newKey(),
    });
    expect(await gateway().findCharge(invoiceNumber)).toEqual(charged);
    const declinedInvoice = `inv-${newKey()}`;
    await expectConnectorError(
      gateway().charge({
        source: { nonce: await nonceFor(TEST_CARDS.declines) },
        amountCents: 4321,
        description: "Utility bill",
        invoiceNumber: declinedInvoice,
        idempotencyKey: newKey(),
      }),
      "rejected",
    );
    expect(await gateway().findCharge(declinedInvoice)).toBeNull();
  });

  it("refuses amounts that are not positive whole cents without calling the gateway", async () => {
    await expectConnectorError(
      gateway().charge({ source: { nonce: "n" }, amountCents: 10.5, description: "x", idempotencyKey: newKey() }),
      "rejected",
    );
    expect((await running.control.counters()).total).toBe(0);
  });
});

describe("legacy gateway: payment profiles", () => {
  it("has the seeded resident's customer profile with a default Visa", async () => {
    const { uid, email } = seededUser("resident");
    const customer = await gateway().ensureCustomerProfile({ userId: uid, email });
    expect(customer).toBe(SEEDED_GATEWAY_CUSTOMER_PROFILE_ID);
    expect(await gateway().listPaymentProfiles(customer)).toEqual([
      expect.objectContaining({ type: "card", maskedAccountNumber: "XXXX1111", isDefault: true }),
    ]);
  });

  it("creates one customer per user, stores a card and a bank account, charges the card, deletes", async () => {
    const customer = await gateway().ensureCustomerProfile({
      userId: "profile-user",
      email: "profile.user@example.com",
    });
    expect(await gateway().ensureCustomerProfile({ userId: "profile-user", email: "profile.user@example.com" })).toBe(
      customer,
    );
    const cardProfile = await gateway().createPaymentProfile(
      customer,
      { kind: "card", nonce: await nonceFor(TEST_CARDS.approves) },
      newKey(),
    );
    const bank = {
      kind: "bank" as const,
      routingNumber: "071000013",
      accountNumber: "123456789",
      accountType: "checking" as const,
      nameOnAccount: "Maria Lopez",
    };
    const bankProfile = await gateway().createPaymentProfile(customer, { ...bank, makeDefault: true }, newKey());
    const profiles = await gateway().listPaymentProfiles(customer);
    expect(profiles).toEqual([
      {
        paymentProfileId: cardProfile,
        type: "card",
        maskedAccountNumber: "XXXX1111",
        description: "Visa",
        isDefault: false,
        // Asked unmasked (as Authorize.Net's unmaskExpirationDate), for the autopay expiry warning.
        expiry: "2039-12",
      },
      {
        paymentProfileId: bankProfile,
        type: "bank",
        maskedAccountNumber: "XXXX6789",
        description: "checking",
        isDefault: true,
        expiry: null,
      },
    ]);
    const charged = await gateway().charge({
      source: { customerProfileId: customer, paymentProfileId: cardProfile },
      amountCents: 4200,
      description: "x",
      idempotencyKey: newKey(),
    });
    expect(charged.amountCents).toBe(4200);
    await gateway().deletePaymentProfile(customer, cardProfile);
    expect((await gateway().listPaymentProfiles(customer)).map((profile) => profile.paymentProfileId)).toEqual([
      bankProfile,
    ]);
    await expectConnectorError(gateway().deletePaymentProfile(customer, cardProfile), "not_found");
  });

  it("rejects a bank account with a bad routing number and a card that fails validation", async () => {
    const customer = await gateway().ensureCustomerProfile({ userId: "seed-resident2", email: "j@example.com" });
    const bank = {
      kind: "bank" as const,
      routingNumber: "071000014",
      accountNumber: "123456789",
      accountType: "savings" as const,
      nameOnAccount: "J",
    };
    await expectConnectorError(gateway().createPaymentProfile(customer, bank, newKey()), "rejected");
    await expectConnectorError(
      gateway().createPaymentProfile(customer, { kind: "card", nonce: await nonceFor(TEST_CARDS.declines) }, newKey()),
      "rejected",
    );
    expect(await gateway().listPaymentProfiles(customer)).toEqual([]);
  });
});

describe("CORE hosted provider", () => {
  it("gives a bill-pay frame for a token, takes one payment per session, and confirms it server-side", async () => {
    const { iframeUrl } = await core().createIframeSession(billPay);
    const page = await fetch(iframeUrl);
    expect(page.headers.get("content-security-policy")).toContain(`frame-ancestors ${PORTAL_ORIGIN}`);
    const html = await page.text();
    expect(html).toContain("$52.30");
    expect(html).toContain('<label for="cardNumber">');
    const key = newKey();
    const paid = await submitHostedPage(iframeUrl, card(TEST_CARDS.approves), key);
    expect(paid.status).toBe(200);
    const transactionId = paid.body.transactionId as string;
    expect(await core().getTransaction(transactionId)).toMatchObject({
      amountCents: 5230,
      accountNumber: billPay.accountNumber,
      customerId: "seed-resident",
      maskedCardNumber: "****1111",
    });
    // A double submit, with the same or a new key, answers the same transaction.
    expect((await submitHostedPage(iframeUrl, card(TEST_CARDS.approves), key)).body.transactionId).toBe(transactionId);
    expect((await submitHostedPage(iframeUrl, card(TEST_CARDS.approves))).body.transactionId).toBe(transactionId);
  });

  it("declines and fails with the test cards, charging nothing, and lets the payer retry", async () => {
    const { iframeUrl } = await core().createIframeSession(billPay);
    expect((await submitHostedPage(iframeUrl, card(TEST_CARDS.declines))).status).toBe(402);
    expect((await submitHostedPage(iframeUrl, card(TEST_CARDS.processorError))).status).toBe(502);
    const retry = await submitHostedPage(iframeUrl, card(TEST_CARDS.approves));
    expect(retry.status).toBe(200);
  });

  it("serves the frame in Spanish when asked", async () => {
    const { iframeUrl } = await core().createIframeSession({ ...billPay, language: "es" });
    const html = await (await fetch(iframeUrl)).text();
    expect(html).toContain('<html lang="es">');
    expect(html).toContain("Número de tarjeta");
  });

  it("adds a card through the add-card frame, lists and deletes stored methods", async () => {
    const userId = seededUser("resident2").uid;
    const { iframeUrl } = await core().createIframeSession({
      transactionType: "ADD_CARD",
      customerId: userId,
      language: "en",
      parentOrigin: PORTAL_ORIGIN,
    });
    expect(iframeUrl).toContain("/frames/add-card");
    const added = await submitHostedPage(iframeUrl, card("5555555555554444"));
    const methods = await core().listPaymentMethods(userId);
    expect(methods).toEqual([
      {
        id: added.body.paymentMethodId,
        name: "Maria Lopez",
        card_type: "MasterCard",
        accountnum: "****4444",
        expiry: "2039-12",
      },
    ]);
    await core().deletePaymentMethod(userId, methods[0]?.id ?? "");
    expect(await core().listPaymentMethods(userId)).toEqual([]);
    await expectConnectorError(core().deletePaymentMethod(userId, methods[0]?.id ?? ""), "not_found");
  });

  it("has the seeded resident's stored card", async () => {
    expect(await core().listPaymentMethods(seededUser("resident").uid)).toContainEqual(
      expect.objectContaining({ card_type: "Visa", accountnum: "****1111" }),
    );
  });

  it("rejects a session below the minimum payment and says not found for an unknown transaction", async () => {
    await expectConnectorError(core().createIframeSession({ ...billPay, amountCents: 50 }), "rejected");
    await expectConnectorError(core().getTransaction("1234567890123456"), "not_found");
  });

  it("refuses an expired or unknown frame token", async () => {
    expect((await fetch(`${running.sandbox.env.CORE_BASE_URL}/frames/bill-pay?token=nope`)).status).toBe(403);
  });
});

describe("faults and counters", () => {
  it("gives up on a slow provider within the adapter's timeout: unavailable", async () => {
    const elapsed = await timeWhileSlow(running.control, "PAYMENTS_TIMEOUT_MS", async () => {
      await expectConnectorError(gateway().ensureCustomerProfile({ userId: "u", email: "e" }), "unavailable");
      await expectConnectorError(core().listPaymentMethods("u"), "unavailable");
    });
    expect(elapsed).toBeLessThan(1200);
  });

  it("maps the providers' own failures (failureRate 1) to unavailable", async () => {
    await running.control.setFaults({ failureRate: 1 });
    await expectConnectorError(gateway().listPaymentProfiles("1"), "unavailable");
    await expectConnectorError(core().createIframeSession(billPay), "unavailable");
  });

  it("holds an approved charge's answer while asked (a caller killed mid-charge): taken, findable, answered on release", async () => {
    const chargeAnswers = (hold?: boolean) =>
      fetch(`${running.sandbox.url}/__sandbox/charge-answers`, {
        method: hold === undefined ? "GET" : "PUT",
        headers: hold === undefined ? undefined : { "content-type": "application/json" },
        body: hold === undefined ? undefined : JSON.stringify({ hold }),
      }).then((response) => response.json() as Promise<{ hold: boolean; held: number }>);
    await chargeAnswers(true);
    const invoiceNumber = `inv-${newKey()}`;
    const charging = gateway().charge({
      source: { nonce: await nonceFor(TEST_CARDS.approves) },
      amountCents: 1234,
      description: "Form fee",
      invoiceNumber,
      idempotencyKey: newKey(),
    });
    while ((await chargeAnswers()).held === 0) await new Promise((resolve) => setTimeout(resolve, 20));
    // The money is taken before anyone hears of it.
    const found = await gateway().findCharge(invoiceNumber);
    expect(found).toMatchObject({ amountCents: 1234 });
    expect(await chargeAnswers(false)).toEqual({ hold: false, held: 0 });
    expect(await charging).toEqual(found);
  });

  it("maps a host that drops connections (down) to unavailable", async () => {
    await running.control.setFaults({ down: true });
    await expectConnectorError(
      gateway().charge({ source: { nonce: "n" }, amountCents: 100, description: "x", idempotencyKey: newKey() }),
      "unavailable",
    );
    await expectConnectorError(core().getTransaction("1"), "unavailable");
  });

  it("counts requests per route", async () => {
    await core().listPaymentMethods("seed-resident");
    await core().listPaymentMethods("seed-resident");
    await gateway().ensureCustomerProfile({ userId: "counted", email: "c@example.com" });
    const counters = await running.control.counters();
    expect(counters.total).toBe(3);
    expect(counters.byRoute["GET /core/v1/customers/seed-resident/payment-methods"]).toBe(2);
    expect(counters.byRoute["POST /gateway/v1/customer-profiles"]).toBe(1);
  });

  it("reports refused credentials as unavailable (a configuration fault, not the payer's)", async () => {
    process.env.CORE_API_KEY = "wrong";
    try {
      await expectConnectorError(core().listPaymentMethods("u"), "unavailable");
    } finally {
      process.env.CORE_API_KEY = running.sandbox.env.CORE_API_KEY;
    }
  });
});
