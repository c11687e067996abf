import { ConnectorError } from "../../platform/connector-error";

/** Codes that mean the CRM refused what we sent (a 422 to the caller), not that it is down. */
const REJECTED_CODES = new Set([
  "MALFORMED_QUERY",
  "INVALID_FIELD",
  "INVALID_TYPE",
  "INVALID_FIELD_FOR_INSERT_UPDATE",
  "INVALID_QUERY_LOCATOR",
  "JSON_PARSER_ERROR",
  "REQUIRED_FIELD_MISSING",
  "FIELD_CUSTOM_VALIDATION_EXCEPTION",
  "FIELD_INTEGRITY_EXCEPTION",
  "DUPLICATE_VALUE",
  "INVALID_CROSS_REFERENCE_KEY",
  "STRING_TOO_LONG",
  "ENTITY_IS_DELETED",
]);

export const errorCodeOf = (error: unknown): string | undefined => {
  if (error && typeof error === "object") {
    const { errorCode, name } = error as { errorCode?: unknown; name?: unknown };
    if (typeof errorCode === "string") return errorCode;
    if (typeof name === "string" && /^[A-Z_]+$/.test(name)) return name;
  }
  return undefined;
};

/**
 * An error's class and its causes' (a fetch failure's `cause` is undici's SocketError, whose own
 * cause may carry ECONNRESET), for logs: "TypeError: fetch failed <- SocketError: other side closed (UND_ERR_SOCKET)".
 */
export function errorChain(error: unknown): string {
  const parts: string[] = [];
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth++) {
    if (!(current instanceof Error)) {
      parts.push(String(current));
      break;
    }
    const code = (current as { code?: unknown }).code;
    parts.push(`${current.constructor.name}: ${current.message}${typeof code === "string" ? ` (${code})` : ""}`);
    current = (current as { cause?: unknown }).cause;
  }
  return parts.join(" <- ");
}

/**
 * jsforce throws HttpApiError with Salesforce's errorCode, OAuth errors named after the OAuth
 * error, and fetch/abort errors when the host does not answer; everything that is not a clear
 * refusal or a missing record counts as the CRM being unavailable.
 */
export function toConnectorError(error: unknown, what: string): ConnectorError {
  if (error instanceof ConnectorError) return error;
  const code = errorCodeOf(error);
  const message = error instanceof Error ? error.message : String(error);
  const chain = errorChain(error);
  if (code === "NOT_FOUND")
    return new ConnectorError("crm", "not_found", `${what}: not found`, { code, message, chain });
  if (code && REJECTED_CODES.has(code)) {
    return new ConnectorError("crm", "rejected", `${what}: rejected by the CRM (${code})`, {
      code,
      message,
      chain,
    });
  }
  return new ConnectorError("crm", "unavailable", `${what}: the CRM is unavailable`, { code, message, chain });
}
