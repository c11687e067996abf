import { randomBytes } from "node:crypto";
import type { CoreTransactionJson } from "../../../../functions/src/contract/provider-wire.ts";
import type { EnteredCard } from "./cards.ts";

export interface StoredCard {
  card: EnteredCard;
  brand: string;
}

export interface GatewayPaymentProfile {
  id: string;
  isDefault: boolean;
  card?: StoredCard;
  bank?: { routingNumber: string; accountNumber: string; accountType: "checking" | "savings"; nameOnAccount: string };
}

export interface GatewayTransaction {
  id: string;
  amountCents: number;
  last4: string;
  cardType: string;
  description: string;
  /** The merchant's reference (the portal's payment id), searchable like the gateway's transaction list. */
  invoiceNumber: string;
  submittedAt: string;
  /** Refunds of the charge, oldest first (set on the first refund). */
  refunds?: { id: string; amountCents: number; refundedAt: string }[];
}

export interface CoreToken {
  token: string;
  transactionType: "BILL_PAY" | "ADD_CARD";
  customerId: string;
  accountNumber: string;
  amountCents: number;
  appCode: string;
  activityId: string;
  language: "en" | "es";
  parentOrigin: string;
  /** The merchant's reference for the session (the portal's payment id), kept with its transaction. */
  invoiceNumber: string;
  expiresAt: number;
  /** Set once the frame succeeded: the token never charges or stores twice. */
  result?: { transactionId?: string; paymentMethodId?: string };
}

export interface CoreStoredMethod {
  id: string;
  name: string;
  card_type: string;
  accountnum: string;
  /** The card's last valid month, YYYY-MM. */
  expiration: string;
}

/** Everything the payments sandbox remembers; in memory, rebuilt from seed on start. */
export interface PaymentsState {
  nonces: Map<string, { card: StoredCard; expiresAt: number }>;
  /** customerProfileId -> merchant customer id (the portal user) and payment profiles. */
  customerProfiles: Map<string, { merchantCustomerId: string; email: string; profiles: GatewayPaymentProfile[] }>;
  gatewayTransactions: Map<string, GatewayTransaction>;
  coreTokens: Map<string, CoreToken>;
  coreTransactions: Map<string, CoreTransactionJson>;
  /** CORE customer (portal user id) -> stored cards. */
  coreMethods: Map<string, CoreStoredMethod[]>;
  /** "scope:key" -> the request it answered and the answer, replayed for a repeated key. */
  replies: Map<string, { fingerprint: string; status: number; body: unknown }>;
  /**
   * Tests only (PUT /__sandbox/charge-answers): while true, an approved charge is taken and recorded
   * but its answer is held back, as when the caller dies between the charge and reading its answer.
   */
  holdChargeAnswers: boolean;
  /** The held answers, sent when holding stops. */
  heldChargeAnswers: (() => void)[];
  numericId: (digits: number) => string;
}

export function createPaymentsState(): PaymentsState {
  let sequence = 0;
  return {
    nonces: new Map(),
    customerProfiles: new Map(),
    gatewayTransactions: new Map(),
    coreTokens: new Map(),
    coreTransactions: new Map(),
    coreMethods: new Map(),
    replies: new Map(),
    holdChargeAnswers: false,
    heldChargeAnswers: [],
    // Increasing ids, like the providers' (and 15-18 characters, so request counters group them).
    numericId: (digits) => `${Date.now()}${String(++sequence).padStart(6, "0")}`.slice(-digits),
  };
}

export const opaqueToken = () => randomBytes(24).toString("base64url");
export const last4 = (number: string) => number.slice(-4);

/** A typed expiry 'MM/YY' as the providers answer it, 'YYYY-MM'. */
export const isoExpiry = (expiry: string) => {
  const [month = "", year = ""] = expiry.split("/");
  return `20${year.padStart(2, "0")}-${month.padStart(2, "0")}`;
};
