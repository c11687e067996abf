/**
 * Card payments. Amounts are integer cents. Card numbers never pass through here: cards are
 * typed only into the providers' hosted pages, which hand the portal a nonce or a result.
 */
import type { CoreTransactionJson } from "../../contract/provider-wire";

/** The legacy gateway (Authorize.Net-like): hosted card form, nonce charges, stored profiles. */
export interface CardGatewayConnector {
  /** URL of the hosted card form to embed; it posts a one-time nonce to `parentOrigin`. */
  hostedCardFormUrl(parentOrigin: string, language?: "en" | "es"): string;
  /** Charges a nonce or a stored profile. Declined -> rejected; processor error -> unavailable. */
  charge(request: ChargeRequest): Promise<ChargeResult>;
  /**
   * The approved charge made with this invoice number, or null when the gateway has none: how a
   * charge whose answer was lost (a crash, a timeout) is found again (the reconcile job).
   */
  findCharge(invoiceNumber: string): Promise<ChargeResult | null>;
  /** What is left to refund of a charge (its amount less its refunds), as the gateway has it now. */
  refundable(transactionId: string): Promise<{ amountCents: number; refundAmountAvailable: number }>;
  /**
   * Refunds all or part of a charge, once per idempotency key. `refundAmountAvailable` is what the
   * caller believes is left: when the gateway's figure differs (stale), nothing is refunded.
   */
  refund(request: {
    transactionId: string;
    amountCents: number;
    refundAmountAvailable: number;
    idempotencyKey: string;
  }): Promise<
    | { refunded: { refundId: string; refundAmountAvailable: number; refundedAt: string } }
    | { stale: { refundAmountAvailable: number } }
  >;
  /** The gateway's customer for a portal user; creating twice answers the same id. */
  ensureCustomerProfile(customer: { userId: string; email: string }): Promise<string>;
  createPaymentProfile(customerProfileId: string, method: NewPaymentProfile, idempotencyKey: string): Promise<string>;
  listPaymentProfiles(customerProfileId: string): Promise<PaymentProfile[]>;
  deletePaymentProfile(customerProfileId: string, paymentProfileId: string): Promise<void>;
}

export interface ChargeRequest {
  source: { nonce: string } | { customerProfileId: string; paymentProfileId: string };
  amountCents: number;
  description: string;
  /** The portal's payment id: the gateway keeps it with the charge, so the charge can be found by it. */
  invoiceNumber?: string;
  /** From the browser: a repeat answers the first result and never charges twice. */
  idempotencyKey: string;
}

export interface ChargeResult {
  transactionId: string;
  authCode: string;
  amountCents: number;
  maskedCardNumber: string;
  cardType: string;
}

export type NewPaymentProfile =
  | { kind: "card"; nonce: string; makeDefault?: boolean }
  | {
      kind: "bank";
      routingNumber: string;
      accountNumber: string;
      accountType: "checking" | "savings";
      nameOnAccount: string;
      makeDefault?: boolean;
    };

export interface PaymentProfile {
  paymentProfileId: string;
  type: "card" | "bank";
  /** e.g. XXXX1111 */
  maskedAccountNumber: string;
  /** e.g. 'Visa' or 'checking' */
  description: string;
  isDefault: boolean;
  /** A card's last valid month, YYYY-MM; null for a bank account or when the gateway masks it. */
  expiry: string | null;
}

/** The hosted provider "CORE" (Paymentus-like): frames by token, stored methods. */
export interface CorePaymentsConnector {
  /** Asks for a frame session; answers the iframe URL the portal embeds. */
  createIframeSession(request: CoreIframeRequest): Promise<{ iframeUrl: string; token: string; expiresAt: string }>;
  /**
   * Ends a frame session so its frame can no longer pay: "cancelled" (also when it had ended), or the
   * transaction id when the session had already paid.
   */
  cancelIframeSession(token: string): Promise<"cancelled" | { transactionId: string }>;
  /** Checks what a frame reported: the portal never trusts a postMessage alone. */
  getTransaction(transactionId: string): Promise<CoreTransaction>;
  /** The transaction made in the session opened with this invoice number (the portal's payment id), or null. */
  findTransaction(invoiceNumber: string): Promise<CoreTransaction | null>;
  listPaymentMethods(userId: string): Promise<CoreStoredPayment[]>;
  deletePaymentMethod(userId: string, paymentMethodId: string): Promise<void>;
}

export type CoreIframeRequest =
  | {
      transactionType: "BILL_PAY";
      /** Portal user id, or 'guest' for the anonymous payment. */
      customerId: string;
      accountNumber: string;
      amountCents: number;
      appCode: string;
      activityId?: string;
      /** The portal's payment id: kept with the session's transaction, so it can be found by it. */
      invoiceNumber?: string;
      language: "en" | "es";
      parentOrigin: string;
    }
  | { transactionType: "ADD_CARD"; customerId: string; language: "en" | "es"; parentOrigin: string };

/**
 * A CORE transaction as the portal reads it: CORE's answer with its id as `transactionId` and the card
 * as a masked number. `invoiceNumber` is "" when the session was opened without one.
 */
export type CoreTransaction = Omit<CoreTransactionJson, "id" | "last4"> & {
  transactionId: string;
  maskedCardNumber: string;
};

/** The spec's CORE stored payment fields, and the card's expiry. */
export interface CoreStoredPayment {
  id: string;
  name: string;
  card_type: string;
  accountnum: string;
  /** The card's last valid month, YYYY-MM, or null when the provider does not say. */
  expiry: string | null;
}
