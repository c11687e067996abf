import { TEST_CARDS } from "../../emulators/src/sandboxes/payments/cards.ts";
import { stackInfo } from "./stack-info.ts";

/**
 * A one-time nonce from the legacy gateway's hosted card form, posted as the form's own script
 * posts it (the card number goes to the gateway only, never to the portal).
 */
export async function cardNonce(card: keyof typeof TEST_CARDS = "approves"): Promise<string> {
  const response = await fetch(`${stackInfo().sandboxes.payments}/gateway/v1/hosted/nonces`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      cardNumber: TEST_CARDS[card],
      expiry: "12/39",
      cvv: "123",
      postalCode: "60120",
      nameOnCard: "Pat Guest",
    }),
  });
  const body = (await response.json()) as { nonce?: string };
  if (!body.nonce) throw new Error(`no nonce: ${response.status}`);
  return body.nonce;
}

/**
 * The body of POST /api/payment that pays a water account ("customer-location") by card, with
 * "Pay again?" answered yes (another file may have paid the bill this cycle): a new nonce of the test card.
 * Free of vitest, like this file, for the bench.
 */
export async function utilityCardPayment(
  accountNumber: string,
  amountCents: number,
  card: keyof typeof TEST_CARDS = "approves",
) {
  const [customerId, locationId] = accountNumber.split("-") as [string, string];
  return {
    paymentType: "UTILITY",
    nonce: await cardNonce(card),
    amountCents,
    navilineCustomerId: customerId,
    navilineLocationId: locationId,
    confirmPayAgain: true,
  };
}
