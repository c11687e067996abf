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
 * jsforce throws HttpApiError with Salesforce's errorCode, OAuth errors named after the OAuth
 * error, and fetch/abort errors when the host does not answer; everything that is not a clear
 * refusal or a missing record counts as the CRM being unavailable.
 */
export function toConnectorError(error: unknown, what: string): ConnectorError {
  if (error instanceof ConnectorError) return error;
  const code = errorCodeOf(error);
  const message = error instanceof Error ? error.message : String(error);
  if (code === "NOT_FOUND") return new ConnectorError("crm", "not_found", `${what}: not found`, { code, message });
  if (code && REJECTED_CODES.has(code)) {
    return new ConnectorError("crm", "rejected", `${what}: rejected by the CRM (${code})`, { code, message });
  }
  return new ConnectorError("crm", "unavailable", `${what}: the CRM is unavailable`, { code, message });
}
