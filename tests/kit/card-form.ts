import type { FrameLocator } from "playwright-core";

/** The labels of the gateway's hosted card form, in the page's language (its sandbox's texts). */
export const CARD_FORM = {
  en: [
    "Name on card",
    "Card number",
    "Expiry date (MM/YY)",
    "Security code (CVV)",
    "Billing ZIP code",
    "Use this card",
  ],
  es: [
    "Nombre en la tarjeta",
    "Número de tarjeta",
    "Fecha de vencimiento (MM/AA)",
    "Código de seguridad (CVV)",
    "Código postal de facturación",
    "Usar esta tarjeta",
  ],
} as const;

/** Types a test card into the gateway's hosted form (the portal never sees the number). */
export async function enterCard(
  frame: FrameLocator,
  cardNumber: string,
  language: keyof typeof CARD_FORM = "en",
  name = "Pat Guest",
): Promise<void> {
  const [nameLabel, number, expiry, cvv, zip, submit] = CARD_FORM[language];
  await frame.getByLabel(nameLabel).fill(name);
  await frame.getByLabel(number).fill(cardNumber);
  await frame.getByLabel(expiry).fill("12/39");
  await frame.getByLabel(cvv).fill("123");
  await frame.getByLabel(zip).fill("60120");
  await frame.getByRole("button", { name: submit }).click();
}
