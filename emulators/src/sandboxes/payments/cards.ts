/**
 * Test cards, as providers publish them: one approves, one declines, one makes the processor
 * fail. Any other number that passes the Luhn check approves.
 */
export const TEST_CARDS = {
  approves: "4111111111111111",
  declines: "4000000000000002",
  processorError: "4000000000000119",
} as const;

export type CardOutcome = "approved" | "declined" | "processor_error";

export const outcomeOf = (cardNumber: string): CardOutcome =>
  cardNumber === TEST_CARDS.declines
    ? "declined"
    : cardNumber === TEST_CARDS.processorError
      ? "processor_error"
      : "approved";

export function passesLuhn(cardNumber: string): boolean {
  if (!/^\d{13,19}$/.test(cardNumber)) return false;
  let sum = 0;
  [...cardNumber].reverse().forEach((char, index) => {
    let digit = Number(char);
    if (index % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  });
  return sum % 10 === 0;
}

export function cardBrand(cardNumber: string): string {
  if (cardNumber.startsWith("4")) return "Visa";
  if (/^5[1-5]|^2[2-7]/.test(cardNumber)) return "MasterCard";
  if (/^3[47]/.test(cardNumber)) return "AmericanExpress";
  if (/^6(011|5)/.test(cardNumber)) return "Discover";
  return "Card";
}

export interface EnteredCard {
  cardNumber: string;
  expiry: string;
  cvv: string;
  postalCode: string;
  nameOnCard: string;
}

/** Field errors keyed by field name, worded for the cardholder; empty when the card is usable. */
export function cardFieldErrors(input: Record<string, unknown>, now = new Date()): Record<string, string> {
  const errors: Record<string, string> = {};
  const cardNumber = String(input.cardNumber ?? "").replace(/[\s-]/g, "");
  if (!passesLuhn(cardNumber)) errors.cardNumber = "Enter a valid card number";
  const expiry = /^(\d{2})\s*\/\s*(\d{2})$/.exec(String(input.expiry ?? "").trim());
  const month = Number(expiry?.[1]);
  const year = 2000 + Number(expiry?.[2]);
  const expired = year < now.getUTCFullYear() || (year === now.getUTCFullYear() && month < now.getUTCMonth() + 1);
  if (!expiry || month < 1 || month > 12) errors.expiry = "Enter the expiry date as MM/YY";
  else if (expired) errors.expiry = "This card has expired";
  if (!/^\d{3,4}$/.test(String(input.cvv ?? "").trim())) errors.cvv = "Enter the 3 or 4 digit security code";
  if (!/^\d{5}$/.test(String(input.postalCode ?? "").trim())) errors.postalCode = "Enter a 5 digit ZIP code";
  if (!String(input.nameOnCard ?? "").trim()) errors.nameOnCard = "Enter the name on the card";
  return errors;
}

export function enteredCard(input: Record<string, unknown>): EnteredCard {
  return {
    cardNumber: String(input.cardNumber ?? "").replace(/[\s-]/g, ""),
    expiry: String(input.expiry ?? "").replace(/\s/g, ""),
    cvv: String(input.cvv ?? "").trim(),
    postalCode: String(input.postalCode ?? "").trim(),
    nameOnCard: String(input.nameOnCard ?? "").trim(),
  };
}
