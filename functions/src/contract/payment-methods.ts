/**
 * Stored payment methods as the SPA reads them (spec 2 §3). No card or bank number is ever here,
 * only the masked one the provider answers.
 */

/** A legacy gateway payment profile: its `Token` is what a payment with it names. */
export interface PaymentProfile {
  Id: string;
  Token: string;
  /** e.g. XXXX1111 */
  MaskedAccountNumber: string;
  Type: "card" | "bank";
  /** e.g. 'Visa' or 'checking' */
  ProfileDescription: string;
  Default: boolean;
}

/** A CORE stored payment method (spec 2 §3 "Core stored payment"). */
export interface CoreStoredPayment {
  id: string;
  name: string;
  card_type: string;
  accountnum: string;
}
