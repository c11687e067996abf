import express from "express";
import { cardBrand, cardFieldErrors, enteredCard, outcomeOf } from "./cards.ts";
import { hostedPageHeaders, parseOrigin, renderHostedPage } from "./hosted-page.ts";
import { HOSTED_PAGE_SCRIPT } from "./hosted-page-script.ts";
import { idempotent } from "./idempotency.ts";
import { type CoreToken, isoExpiry, last4, opaqueToken, type PaymentsState } from "./state.ts";

export const CORE_API_KEY = "sandbox-core-key";
const TOKEN_LIFETIME_MS = 30 * 60_000;

const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

/** The newer hosted provider ("CORE"): iframe tokens, bill-pay and add-card frames, stored methods. */
export function coreRoutes(state: PaymentsState, baseUrl: () => string) {
  const router = express.Router();

  const liveToken = (value: unknown): CoreToken | null => {
    const token = state.coreTokens.get(String(value ?? ""));
    return token && token.expiresAt > Date.now() ? token : null;
  };

  const framePage = (kind: "bill-pay" | "add-card") => (req: express.Request, res: express.Response) => {
    const token = liveToken(req.query.token);
    const expected = kind === "bill-pay" ? "BILL_PAY" : "ADD_CARD";
    if (!token || token.transactionType !== expected) {
      res.status(403).type("text/plain").send("This payment session has expired. Close this window and start again.");
      return;
    }
    const es = token.language === "es";
    const billPay = kind === "bill-pay";
    res.set(hostedPageHeaders(token.parentOrigin)).type("html");
    res.send(
      renderHostedPage({
        language: token.language,
        title: billPay ? (es ? "Pagar factura" : "Pay your bill") : es ? "Agregar una tarjeta" : "Add a card",
        summary: billPay
          ? [
              `${es ? "Cuenta" : "Account"}: ${token.accountNumber}`,
              `${es ? "Importe" : "Amount"}: ${dollars(token.amountCents)}`,
            ]
          : [],
        submitLabel: billPay
          ? `${es ? "Pagar" : "Pay"} ${dollars(token.amountCents)}`
          : es
            ? "Guardar tarjeta"
            : "Save card",
        submitUrl: "/core/v1/frames/submit",
        parentOrigin: token.parentOrigin,
        messageSource: "core-payments",
        flavour: "core",
        token: token.token,
        scriptUrl: "/core/v1/frames/frame.js",
      }),
    );
  };
  router.get("/frames/bill-pay", framePage("bill-pay"));
  router.get("/frames/add-card", framePage("add-card"));
  router.get("/frames/frame.js", (_req, res) => {
    res.type("text/javascript").send(HOSTED_PAGE_SCRIPT);
  });

  router.post("/frames/submit", (req, res) => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    const token = liveToken(body.token);
    if (!token) {
      res.status(403).json({ message: "This payment session has expired. Start again." });
      return;
    }
    // A token that already succeeded answers its result again: never a second charge.
    if (token.result) {
      res.json({ ...token.result, message: "Already completed" });
      return;
    }
    const reply = idempotent(state, `frame-${token.token}`, req, res);
    if (!reply) return;
    const fields = cardFieldErrors(body);
    if (Object.keys(fields).length > 0) return reply(400, { message: "Check the card details", fields });
    const card = enteredCard(body);
    const outcome = outcomeOf(card.cardNumber);
    if (outcome === "declined")
      return reply(402, { code: "DECLINED", message: "Your card was declined. Use another card." });
    if (outcome === "processor_error")
      return reply(502, {
        code: "PROCESSOR_ERROR",
        message: "The payment could not be processed. Please try again later.",
      });
    const brand = cardBrand(card.cardNumber);
    if (token.transactionType === "ADD_CARD") {
      const method = {
        id: state.numericId(16),
        name: card.nameOnCard,
        card_type: brand,
        accountnum: `****${last4(card.cardNumber)}`,
        expiration: isoExpiry(card.expiry),
      };
      state.coreMethods.set(token.customerId, [...(state.coreMethods.get(token.customerId) ?? []), method]);
      token.result = { paymentMethodId: method.id };
      return reply(200, { ...token.result, message: "Card saved" });
    }
    const transaction = {
      id: state.numericId(16),
      status: "APPROVED" as const,
      amountCents: token.amountCents,
      accountNumber: token.accountNumber,
      appCode: token.appCode,
      activityId: token.activityId,
      customerId: token.customerId,
      invoiceNumber: token.invoiceNumber,
      last4: last4(card.cardNumber),
      cardType: brand,
      createdAt: new Date().toISOString(),
    };
    state.coreTransactions.set(transaction.id, transaction);
    token.result = { transactionId: transaction.id };
    return reply(200, { ...token.result, message: "Payment approved" });
  });

  const api = express.Router();
  api.use((req, res, next) => {
    if (req.get("authorization") === `Bearer ${CORE_API_KEY}`) return next();
    res.status(401).json({ code: "UNAUTHORIZED", message: "Invalid API key" });
  });

  api.post("/iframe-tokens", (req, res) => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    const parentOrigin = parseOrigin(body.parentOrigin);
    const transactionType = body.transactionType;
    const amountCents = body.amountCents ?? 0;
    const customerId = String(body.customerId ?? "");
    const billPay = transactionType === "BILL_PAY";
    if (
      !parentOrigin ||
      (!billPay && transactionType !== "ADD_CARD") ||
      !customerId ||
      (billPay &&
        (typeof amountCents !== "number" || !Number.isInteger(amountCents) || amountCents < 100 || !body.accountNumber))
    ) {
      res.status(422).json({
        code: "INVALID_REQUEST",
        message: "transactionType, customerId, parentOrigin; bill pay needs accountNumber and amountCents >= 100",
      });
      return;
    }
    const token: CoreToken = {
      token: opaqueToken(),
      transactionType,
      customerId,
      accountNumber: String(body.accountNumber ?? ""),
      amountCents: billPay ? (amountCents as number) : 0,
      appCode: String(body.appCode ?? ""),
      activityId: String(body.activityId ?? ""),
      language: body.language === "es" ? "es" : "en",
      parentOrigin,
      invoiceNumber: String(body.invoiceNumber ?? ""),
      expiresAt: Date.now() + TOKEN_LIFETIME_MS,
    };
    state.coreTokens.set(token.token, token);
    const frame = billPay ? "bill-pay" : "add-card";
    res.status(201).json({
      token: token.token,
      iframeUrl: `${baseUrl()}/core/v1/frames/${frame}?token=${encodeURIComponent(token.token)}`,
      expiresAt: new Date(token.expiresAt).toISOString(),
    });
  });

  // Cancels a frame session: its frame can no longer pay or save. Idempotent (an unknown or expired
  // session is cancelled already); a session that already completed is 409 with its result.
  api.delete("/iframe-tokens/:token", (req, res) => {
    const token = state.coreTokens.get(req.params.token);
    if (token?.result) {
      res.status(409).json({ code: "COMPLETED", message: "This session has completed", ...token.result });
      return;
    }
    state.coreTokens.delete(req.params.token);
    res.status(204).end();
  });

  // The merchant's search: the transactions made in sessions with this invoice number.
  api.get("/transactions", (req, res) => {
    const invoiceNumber = String(req.query.invoiceNumber ?? "");
    const accountNumber = String(req.query.accountNumber ?? "");
    if (!invoiceNumber && !accountNumber) {
      res.status(422).json({ code: "INVALID_REQUEST", message: "invoiceNumber or accountNumber" });
      return;
    }
    const transactions = [...state.coreTransactions.values()].filter(
      (transaction) =>
        (!invoiceNumber || transaction.invoiceNumber === invoiceNumber) &&
        (!accountNumber || transaction.accountNumber === accountNumber),
    );
    res.json({ transactions });
  });

  api.get("/transactions/:transactionId", (req, res) => {
    const transaction = state.coreTransactions.get(req.params.transactionId);
    if (!transaction) {
      res.status(404).json({ code: "NOT_FOUND", message: "No such transaction" });
      return;
    }
    res.json(transaction);
  });

  api.get("/customers/:customerId/payment-methods", (req, res) => {
    res.json({ paymentMethods: state.coreMethods.get(req.params.customerId) ?? [] });
  });

  api.delete("/customers/:customerId/payment-methods/:methodId", (req, res) => {
    const methods = state.coreMethods.get(req.params.customerId) ?? [];
    const remaining = methods.filter((method) => method.id !== req.params.methodId);
    if (remaining.length === methods.length) {
      res.status(404).json({ code: "NOT_FOUND", message: "No such payment method" });
      return;
    }
    state.coreMethods.set(req.params.customerId, remaining);
    res.status(204).end();
  });

  router.use(api);
  return router;
}
