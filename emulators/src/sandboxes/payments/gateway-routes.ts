import express, { type Response } from "express";
import { cardBrand, cardFieldErrors, enteredCard, outcomeOf } from "./cards.ts";
import { hostedPageHeaders, parseOrigin, renderHostedPage } from "./hosted-page.ts";
import { HOSTED_PAGE_SCRIPT } from "./hosted-page-script.ts";
import { idempotent } from "./idempotency.ts";
import { validRoutingNumber } from "./routing-number.ts";
import {
  type GatewayPaymentProfile,
  type GatewayTransaction,
  isoExpiry,
  last4,
  opaqueToken,
  type PaymentsState,
  type StoredCard,
} from "./state.ts";

export const GATEWAY_LOGIN_ID = "sandbox-login";
export const GATEWAY_TRANSACTION_KEY = "sandbox-transaction-key";
const NONCE_LIFETIME_MS = 15 * 60_000;

/** Authorize.Net style envelope: resultCode Ok/Error and coded messages. */
const envelope = (ok: boolean, code: string, text: string, payload: Record<string, unknown> = {}) => ({
  ...payload,
  messages: { resultCode: ok ? "Ok" : "Error", message: [{ code, text }] },
});

const refuse = (res: Response, status: number, code: string, text: string) =>
  res.status(status).json(envelope(false, code, text));

/** Legacy card gateway: hosted card form, nonces, charges, customer payment profiles. */
export function gatewayRoutes(state: PaymentsState) {
  const router = express.Router();

  // The hosted form and its nonce endpoint are public: the browser talks to them directly.
  router.get("/hosted/card-form", (req, res) => {
    const parentOrigin = parseOrigin(req.query.parentOrigin);
    if (!parentOrigin) {
      res.status(400).type("text/plain").send("parentOrigin must be the embedding page's origin");
      return;
    }
    res.set(hostedPageHeaders(parentOrigin)).type("html");
    res.send(
      renderHostedPage({
        language: req.query.language === "es" ? "es" : "en",
        title: req.query.language === "es" ? "Datos de la tarjeta" : "Card details",
        summary: [],
        submitLabel: req.query.language === "es" ? "Usar esta tarjeta" : "Use this card",
        submitUrl: "/gateway/v1/hosted/nonces",
        parentOrigin,
        messageSource: "card-gateway",
        flavour: "nonce",
        scriptUrl: "/gateway/v1/hosted/card-form.js",
      }),
    );
  });
  router.get("/hosted/card-form.js", (_req, res) => {
    res.type("text/javascript").send(HOSTED_PAGE_SCRIPT);
  });
  router.post("/hosted/nonces", (req, res) => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    const fields = cardFieldErrors(body);
    if (Object.keys(fields).length > 0) {
      res.status(400).json({ message: "Check the card details", fields });
      return;
    }
    const card = enteredCard(body);
    const nonce = `eyJub25jZSI6${opaqueToken()}`;
    state.nonces.set(nonce, {
      card: { card, brand: cardBrand(card.cardNumber) },
      expiresAt: Date.now() + NONCE_LIFETIME_MS,
    });
    res.json({ nonce, last4: last4(card.cardNumber), cardType: cardBrand(card.cardNumber) });
  });

  const api = express.Router();
  api.use((req, res, next) => {
    if (req.get("x-api-login-id") === GATEWAY_LOGIN_ID && req.get("x-transaction-key") === GATEWAY_TRANSACTION_KEY)
      return next();
    refuse(res, 401, "E00007", "User authentication failed due to invalid authentication values.");
  });

  /** Takes a nonce once: nonces are one-time. */
  const redeemNonce = (nonce: unknown): StoredCard | null => {
    const entry = state.nonces.get(String(nonce ?? ""));
    state.nonces.delete(String(nonce ?? ""));
    return entry && entry.expiresAt > Date.now() ? entry.card : null;
  };

  api.post("/transactions", (req, res) => {
    const reply = idempotent(state, "gateway-charge", req, res);
    if (!reply) return;
    const body = (req.body ?? {}) as {
      amountCents?: unknown;
      nonce?: unknown;
      profile?: { customerProfileId?: unknown; paymentProfileId?: unknown };
      description?: unknown;
      invoiceNumber?: unknown;
    };
    if (typeof body.amountCents !== "number" || !Number.isInteger(body.amountCents) || body.amountCents <= 0) {
      return reply(422, envelope(false, "E00027", "The amount is invalid."));
    }
    let card: StoredCard | null | undefined;
    if (body.profile) {
      const customer = state.customerProfiles.get(String(body.profile.customerProfileId ?? ""));
      card = customer?.profiles.find((profile) => profile.id === String(body.profile?.paymentProfileId ?? ""))?.card;
      if (!card) return reply(404, envelope(false, "E00040", "The record cannot be found."));
    } else {
      card = redeemNonce(body.nonce);
      if (!card) return reply(422, envelope(false, "E00114", "Invalid OTS Token."));
    }
    const outcome = outcomeOf(card.card.cardNumber);
    const masked = { accountNumber: `XXXX${last4(card.card.cardNumber)}`, accountType: card.brand };
    if (outcome === "declined") {
      return reply(
        200,
        envelope(false, "E00027", "The transaction was unsuccessful.", {
          transactionResponse: {
            responseCode: "2",
            transId: "0",
            ...masked,
            errors: [{ errorCode: "2", errorText: "This transaction has been declined." }],
          },
        }),
      );
    }
    if (outcome === "processor_error") {
      return reply(
        200,
        envelope(false, "E00027", "The transaction was unsuccessful.", {
          transactionResponse: {
            responseCode: "3",
            transId: "0",
            ...masked,
            errors: [{ errorCode: "57", errorText: "An error occurred in processing. Please try again." }],
          },
        }),
      );
    }
    const transId = state.numericId(16);
    state.gatewayTransactions.set(transId, {
      id: transId,
      amountCents: body.amountCents,
      last4: last4(card.card.cardNumber),
      cardType: card.brand,
      description: String(body.description ?? ""),
      invoiceNumber: typeof body.invoiceNumber === "string" ? body.invoiceNumber : "",
      submittedAt: new Date().toISOString(),
    });
    const approve = () =>
      reply(
        200,
        envelope(true, "I00001", "Successful.", {
          transactionResponse: {
            responseCode: "1",
            authCode: transId.slice(-6),
            transId,
            amountCents: body.amountCents,
            ...masked,
          },
        }),
      );
    // The money is taken; a test may hold its answer back (state.holdChargeAnswers).
    if (state.holdChargeAnswers) state.heldChargeAnswers.push(approve);
    else approve();
  });

  // The transaction list filtered by the merchant's invoice number (approved charges only).
  api.get("/transactions", (req, res) => {
    const invoiceNumber = typeof req.query.invoiceNumber === "string" ? req.query.invoiceNumber : "";
    if (!invoiceNumber) return refuse(res, 422, "E00003", "invoiceNumber is required.");
    const transactions = [...state.gatewayTransactions.values()].filter(
      (transaction) => transaction.invoiceNumber === invoiceNumber,
    );
    res.json(envelope(true, "I00001", "Successful.", { transactions }));
  });

  /** What is left to refund of a charge: its amount less its refunds. */
  const refundable = (transaction: GatewayTransaction) =>
    transaction.amountCents - (transaction.refunds ?? []).reduce((sum, refund) => sum + refund.amountCents, 0);

  api.get("/transactions/:transId", (req, res) => {
    const transaction = state.gatewayTransactions.get(req.params.transId);
    if (!transaction) return refuse(res, 404, "E00040", "The record cannot be found.");
    res.json(
      envelope(true, "I00001", "Successful.", {
        transaction: {
          ...transaction,
          refunds: transaction.refunds ?? [],
          refundAmountAvailable: refundable(transaction),
        },
      }),
    );
  });

  // A refund of all or part of a charge. The caller states the amount it believes is still refundable;
  // if that changed meanwhile (another refund), the refund is refused with 412, as GOV.UK Pay's is.
  api.post("/transactions/:transId/refunds", (req, res) => {
    const reply = idempotent(state, "gateway-refund", req, res);
    if (!reply) return;
    const transaction = state.gatewayTransactions.get(req.params.transId);
    if (!transaction) return reply(404, envelope(false, "E00040", "The record cannot be found."));
    const body = (req.body ?? {}) as { amountCents?: unknown; refundAmountAvailable?: unknown };
    const available = refundable(transaction);
    if (body.refundAmountAvailable !== available) {
      return reply(
        412,
        envelope(false, "E00412", "The amount available for refund has changed.", { refundAmountAvailable: available }),
      );
    }
    const amountCents = body.amountCents;
    if (
      typeof amountCents !== "number" ||
      !Number.isInteger(amountCents) ||
      amountCents <= 0 ||
      amountCents > available
    ) {
      return reply(422, envelope(false, "E00027", "The refund amount is invalid."));
    }
    const refund = { id: state.numericId(16), amountCents, refundedAt: new Date().toISOString() };
    transaction.refunds = [...(transaction.refunds ?? []), refund];
    return reply(
      200,
      envelope(true, "I00001", "Successful.", {
        refund: { ...refund, refundAmountAvailable: available - amountCents },
      }),
    );
  });

  api.post("/customer-profiles", (req, res) => {
    const { merchantCustomerId, email } = (req.body ?? {}) as Record<string, unknown>;
    if (typeof merchantCustomerId !== "string" || !merchantCustomerId)
      return refuse(res, 422, "E00003", "merchantCustomerId is required.");
    const existing = [...state.customerProfiles].find(
      ([, customer]) => customer.merchantCustomerId === merchantCustomerId,
    );
    // One profile per portal user: creating again answers the existing id (E00039, duplicate).
    if (existing) {
      res.json(envelope(true, "E00039", "A duplicate record already exists.", { customerProfileId: existing[0] }));
      return;
    }
    const customerProfileId = state.numericId(16);
    state.customerProfiles.set(customerProfileId, { merchantCustomerId, email: String(email ?? ""), profiles: [] });
    res.json(envelope(true, "I00001", "Successful.", { customerProfileId }));
  });

  api.post("/customer-profiles/:customerProfileId/payment-profiles", (req, res) => {
    const customer = state.customerProfiles.get(req.params.customerProfileId);
    if (!customer) return refuse(res, 404, "E00040", "The record cannot be found.");
    const reply = idempotent(state, `profile-${req.params.customerProfileId}`, req, res);
    if (!reply) return;
    const body = (req.body ?? {}) as { nonce?: unknown; bankAccount?: Record<string, unknown>; default?: unknown };
    const profile: GatewayPaymentProfile = {
      id: state.numericId(16),
      isDefault: body.default === true || customer.profiles.length === 0,
    };
    if (body.bankAccount) {
      const { routingNumber, accountNumber, accountType, nameOnAccount } = body.bankAccount;
      if (
        !validRoutingNumber(String(routingNumber)) ||
        !/^\d{4,17}$/.test(String(accountNumber)) ||
        (accountType !== "checking" && accountType !== "savings")
      ) {
        return reply(422, envelope(false, "E00027", "Invalid routing or account number."));
      }
      profile.bank = {
        routingNumber: String(routingNumber),
        accountNumber: String(accountNumber),
        accountType,
        nameOnAccount: String(nameOnAccount ?? ""),
      };
    } else {
      const card = redeemNonce(body.nonce);
      if (!card) return reply(422, envelope(false, "E00114", "Invalid OTS Token."));
      // Storing a card runs a zero-amount validation; the declining test card fails it.
      if (outcomeOf(card.card.cardNumber) === "declined")
        return reply(422, envelope(false, "E00027", "This transaction has been declined."));
      if (outcomeOf(card.card.cardNumber) === "processor_error")
        return reply(503, envelope(false, "E00001", "An error occurred during processing. Please try again."));
      profile.card = card;
    }
    if (profile.isDefault) for (const other of customer.profiles) other.isDefault = false;
    customer.profiles.push(profile);
    return reply(200, envelope(true, "I00001", "Successful.", { customerPaymentProfileId: profile.id }));
  });

  api.get("/customer-profiles/:customerProfileId/payment-profiles", (req, res) => {
    const customer = state.customerProfiles.get(req.params.customerProfileId);
    if (!customer) return refuse(res, 404, "E00040", "The record cannot be found.");
    // As Authorize.Net: the expiry is masked unless the caller asks for it (unmaskExpirationDate).
    const unmask = req.query.unmaskExpirationDate === "true";
    const paymentProfiles = customer.profiles.map((profile) => ({
      customerPaymentProfileId: profile.id,
      defaultPaymentProfile: profile.isDefault,
      payment: profile.card
        ? {
            creditCard: {
              cardNumber: `XXXX${last4(profile.card.card.cardNumber)}`,
              cardType: profile.card.brand,
              expirationDate: unmask ? isoExpiry(profile.card.card.expiry) : "XXXX",
            },
          }
        : {
            bankAccount: {
              accountNumber: `XXXX${last4(profile.bank?.accountNumber ?? "")}`,
              routingNumber: `XXXX${last4(profile.bank?.routingNumber ?? "")}`,
              accountType: profile.bank?.accountType,
              nameOnAccount: profile.bank?.nameOnAccount,
            },
          },
    }));
    res.json(envelope(true, "I00001", "Successful.", { paymentProfiles }));
  });

  api.delete("/customer-profiles/:customerProfileId/payment-profiles/:paymentProfileId", (req, res) => {
    const customer = state.customerProfiles.get(req.params.customerProfileId);
    const index = customer?.profiles.findIndex((profile) => profile.id === req.params.paymentProfileId) ?? -1;
    if (!customer || index < 0) return refuse(res, 404, "E00040", "The record cannot be found.");
    customer.profiles.splice(index, 1);
    res.json(envelope(true, "I00001", "Successful."));
  });

  router.use(api);
  return router;
}
