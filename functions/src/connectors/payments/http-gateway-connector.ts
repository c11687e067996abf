import { ConnectorError } from "../../platform/connector-error";
import { type GatewayConfig, gatewayConfigFromEnv } from "./config";
import { callJson, guard, type JsonAnswer, yearMonth } from "./http";
import type { CardGatewayConnector, PaymentProfile } from "./types";

const SYSTEM = "payments-gateway";

type Envelope = { messages?: { resultCode?: string; message?: { code?: string; text?: string }[] } };
const firstMessage = (body: Envelope) => body.messages?.message?.[0]?.text ?? "Refused by the card gateway";

/** Non-2xx answers the gateway gives for the caller's mistakes: 404 not found, others rejected. */
function requireOk(answer: JsonAnswer): Record<string, unknown> {
  const body = answer.body as Envelope & Record<string, unknown>;
  if (answer.status === 404) throw new ConnectorError(SYSTEM, "not_found", firstMessage(body), body.messages);
  if (answer.status >= 400 || body.messages?.resultCode !== "Ok") {
    throw new ConnectorError(SYSTEM, "rejected", firstMessage(body), body.messages);
  }
  return body;
}

/** The real adapter for the legacy card gateway's JSON API, configured from the environment. */
export function createHttpGatewayConnector(fixedConfig?: GatewayConfig): CardGatewayConnector {
  const config = () => fixedConfig ?? gatewayConfigFromEnv();
  const call = (method: string, path: string, options: { body?: unknown; idempotencyKey?: string } = {}) => {
    const { baseUrl, loginId, transactionKey, timeoutMs } = config();
    return callJson(SYSTEM, `${baseUrl}${path}`, {
      method,
      headers: { "x-api-login-id": loginId, "x-transaction-key": transactionKey },
      timeoutMs,
      ...options,
    });
  };
  const profilesPath = (customerProfileId: string) =>
    `/customer-profiles/${encodeURIComponent(customerProfileId)}/payment-profiles`;

  return {
    hostedCardFormUrl: (parentOrigin, language = "en") =>
      `${config().baseUrl}/hosted/card-form?${new URLSearchParams({ parentOrigin: new URL(parentOrigin).origin, language })}`,

    charge: ({ source, amountCents, description, invoiceNumber, idempotencyKey }) =>
      guard(SYSTEM, async () => {
        if (!Number.isInteger(amountCents) || amountCents <= 0) {
          throw new ConnectorError(SYSTEM, "rejected", "A charge must be a positive whole number of cents");
        }
        const body =
          "nonce" in source
            ? { amountCents, nonce: source.nonce, description, invoiceNumber }
            : { amountCents, profile: source, description, invoiceNumber };
        const answer = await call("POST", "/transactions", { body, idempotencyKey });
        const response = (answer.body.transactionResponse ?? {}) as Record<string, unknown>;
        const errors = (response.errors ?? []) as { errorCode?: string; errorText?: string }[];
        const reason = errors[0]?.errorText ?? firstMessage(answer.body as Envelope);
        if (answer.status === 200 && response.responseCode === "2")
          throw new ConnectorError(SYSTEM, "rejected", reason, errors);
        // Response code 3 is the processor failing, not the card: the payer may retry later.
        if (answer.status === 200 && response.responseCode === "3")
          throw new ConnectorError(SYSTEM, "unavailable", reason, errors);
        requireOk(answer);
        if (response.responseCode !== "1" || typeof response.transId !== "string")
          throw new Error("approved charge without a transaction id");
        return {
          transactionId: response.transId,
          authCode: String(response.authCode ?? ""),
          amountCents: Number(response.amountCents),
          maskedCardNumber: String(response.accountNumber ?? ""),
          cardType: String(response.accountType ?? ""),
        };
      }),

    refundable: (transactionId) =>
      guard(SYSTEM, async () => {
        const body = requireOk(await call("GET", `/transactions/${encodeURIComponent(transactionId)}`));
        const transaction = (body.transaction ?? {}) as Record<string, unknown>;
        return {
          amountCents: Number(transaction.amountCents),
          refundAmountAvailable: Number(transaction.refundAmountAvailable),
        };
      }),

    refund: ({ transactionId, amountCents, refundAmountAvailable, idempotencyKey }) =>
      guard(SYSTEM, async () => {
        const answer = await call("POST", `/transactions/${encodeURIComponent(transactionId)}/refunds`, {
          body: { amountCents, refundAmountAvailable },
          idempotencyKey,
        });
        if (answer.status === 412) {
          return { stale: { refundAmountAvailable: Number(answer.body.refundAmountAvailable) } };
        }
        const refund = (requireOk(answer).refund ?? {}) as Record<string, unknown>;
        return {
          refunded: {
            refundId: String(refund.id),
            refundAmountAvailable: Number(refund.refundAmountAvailable),
            refundedAt: String(refund.refundedAt),
          },
        };
      }),

    findCharge: (invoiceNumber) =>
      guard(SYSTEM, async () => {
        const body = requireOk(await call("GET", `/transactions?${new URLSearchParams({ invoiceNumber })}`));
        const found = ((body.transactions ?? []) as Record<string, unknown>[])[0];
        if (!found) return null;
        return {
          transactionId: String(found.id),
          authCode: String(found.id).slice(-6),
          amountCents: Number(found.amountCents),
          maskedCardNumber: `XXXX${String(found.last4 ?? "")}`,
          cardType: String(found.cardType ?? ""),
        };
      }),

    ensureCustomerProfile: ({ userId, email }) =>
      guard(SYSTEM, async () => {
        const body = requireOk(
          await call("POST", "/customer-profiles", { body: { merchantCustomerId: userId, email } }),
        );
        if (typeof body.customerProfileId !== "string") throw new Error("no customerProfileId");
        return body.customerProfileId;
      }),

    createPaymentProfile: (customerProfileId, method, idempotencyKey) =>
      guard(SYSTEM, async () => {
        const body =
          method.kind === "card"
            ? { nonce: method.nonce, default: method.makeDefault ?? false }
            : {
                bankAccount: {
                  routingNumber: method.routingNumber,
                  accountNumber: method.accountNumber,
                  accountType: method.accountType,
                  nameOnAccount: method.nameOnAccount,
                },
                default: method.makeDefault ?? false,
              };
        const answer = requireOk(await call("POST", profilesPath(customerProfileId), { body, idempotencyKey }));
        if (typeof answer.customerPaymentProfileId !== "string") throw new Error("no customerPaymentProfileId");
        return answer.customerPaymentProfileId;
      }),

    listPaymentProfiles: (customerProfileId) =>
      guard(SYSTEM, async () => {
        const body = requireOk(await call("GET", `${profilesPath(customerProfileId)}?unmaskExpirationDate=true`));
        const profiles = (body.paymentProfiles ?? []) as {
          customerPaymentProfileId: string;
          defaultPaymentProfile: boolean;
          payment: {
            creditCard?: { cardNumber: string; cardType: string; expirationDate?: string };
            bankAccount?: { accountNumber: string; accountType: string };
          };
        }[];
        return profiles.map(
          (profile): PaymentProfile => ({
            paymentProfileId: profile.customerPaymentProfileId,
            type: profile.payment.creditCard ? "card" : "bank",
            maskedAccountNumber:
              profile.payment.creditCard?.cardNumber ?? profile.payment.bankAccount?.accountNumber ?? "",
            description: profile.payment.creditCard?.cardType ?? profile.payment.bankAccount?.accountType ?? "",
            isDefault: profile.defaultPaymentProfile === true,
            expiry: yearMonth(profile.payment.creditCard?.expirationDate),
          }),
        );
      }),

    deletePaymentProfile: (customerProfileId, paymentProfileId) =>
      guard(SYSTEM, async () => {
        requireOk(await call("DELETE", `${profilesPath(customerProfileId)}/${encodeURIComponent(paymentProfileId)}`));
      }),
  };
}
