import { ConnectorError } from "../../platform/connector-error";
import { type CoreConfig, coreConfigFromEnv } from "./config";
import { callJson, guard, type JsonAnswer, yearMonth } from "./http";
import type { CorePaymentsConnector, CoreStoredPayment, CoreTransaction } from "./types";

const SYSTEM = "payments-core";

function requireOk(answer: JsonAnswer): Record<string, unknown> {
  const message = String(answer.body.message ?? "Refused by the payment provider");
  if (answer.status === 404) throw new ConnectorError(SYSTEM, "not_found", message, answer.body);
  if (answer.status >= 400) throw new ConnectorError(SYSTEM, "rejected", message, answer.body);
  return answer.body;
}

const str = (value: unknown) => (typeof value === "string" ? value : String(value ?? ""));

function transactionOf(body: Record<string, unknown>): CoreTransaction {
  if (body.status !== "APPROVED") throw new Error(`unknown transaction status ${str(body.status)}`);
  return {
    transactionId: str(body.id),
    status: "APPROVED",
    amountCents: Number(body.amountCents),
    accountNumber: str(body.accountNumber),
    appCode: str(body.appCode),
    activityId: str(body.activityId),
    customerId: str(body.customerId),
    invoiceNumber: str(body.invoiceNumber),
    maskedCardNumber: `****${str(body.last4)}`,
    cardType: str(body.cardType),
    createdAt: str(body.createdAt),
  };
}

/** The real adapter for the hosted provider CORE's JSON API, configured from the environment. */
export function createHttpCoreConnector(fixedConfig?: CoreConfig): CorePaymentsConnector {
  const config = () => fixedConfig ?? coreConfigFromEnv();
  const call = (method: string, path: string, body?: unknown) => {
    const { baseUrl, apiKey, timeoutMs } = config();
    return callJson(SYSTEM, `${baseUrl}${path}`, {
      method,
      headers: { authorization: `Bearer ${apiKey}` },
      body,
      timeoutMs,
    });
  };
  const methodsPath = (userId: string) => `/customers/${encodeURIComponent(userId)}/payment-methods`;

  return {
    createIframeSession: (request) =>
      guard(SYSTEM, async () => {
        const body = requireOk(
          await call("POST", "/iframe-tokens", { ...request, parentOrigin: new URL(request.parentOrigin).origin }),
        );
        if (typeof body.iframeUrl !== "string" || typeof body.token !== "string") throw new Error("no iframeUrl");
        return { iframeUrl: body.iframeUrl, token: body.token, expiresAt: str(body.expiresAt) };
      }),

    cancelIframeSession: (token) =>
      guard(SYSTEM, async () => {
        const answer = await call("DELETE", `/iframe-tokens/${encodeURIComponent(token)}`);
        if (answer.status === 409 && typeof answer.body.transactionId === "string") {
          return { transactionId: answer.body.transactionId };
        }
        if (answer.status === 404) return "cancelled";
        requireOk(answer);
        return "cancelled";
      }),

    getTransaction: (transactionId) =>
      guard(SYSTEM, async () => {
        const body = requireOk(await call("GET", `/transactions/${encodeURIComponent(transactionId)}`));
        return transactionOf(body);
      }),

    findTransaction: (invoiceNumber) =>
      guard(SYSTEM, async () => {
        const body = requireOk(await call("GET", `/transactions?invoiceNumber=${encodeURIComponent(invoiceNumber)}`));
        const [first] = (body.transactions ?? []) as Record<string, unknown>[];
        return first ? transactionOf(first) : null;
      }),

    listPaymentMethods: (userId) =>
      guard(SYSTEM, async () => {
        const body = requireOk(await call("GET", methodsPath(userId)));
        return ((body.paymentMethods ?? []) as Record<string, unknown>[]).map(
          (method): CoreStoredPayment => ({
            id: str(method.id),
            name: str(method.name),
            card_type: str(method.card_type),
            accountnum: str(method.accountnum),
            expiry: yearMonth(method.expiration),
          }),
        );
      }),

    deletePaymentMethod: (userId, paymentMethodId) =>
      guard(SYSTEM, async () => {
        requireOk(await call("DELETE", `${methodsPath(userId)}/${encodeURIComponent(paymentMethodId)}`));
      }),
  };
}
