import { callJson as callService, guardAnswer, type JsonAnswer } from "../http-json";
import { PaymentsConfigError } from "./config";

export type { JsonAnswer };

const LABEL = "The payment provider";

/**
 * One JSON call to a payment provider (connectors/http-json.ts classifies its failures);
 * statuses other than 5xx and refused credentials are returned for the adapter to read.
 */
export function callJson(
  system: string,
  url: string,
  init: { method: string; headers: Record<string, string>; body?: unknown; idempotencyKey?: string; timeoutMs: number },
): Promise<JsonAnswer> {
  return callService({ system, label: LABEL, timeoutMs: init.timeoutMs, emptyBodyIsObject: true }, url, {
    method: init.method,
    headers: init.headers,
    json: init.body,
    idempotencyKey: init.idempotencyKey,
  });
}

/** Anything thrown while reading an answer (a malformed value) becomes 'unavailable'. */
export function guard<T>(system: string, work: () => Promise<T>): Promise<T> {
  return guardAnswer({ system, label: LABEL }, work, [PaymentsConfigError]);
}

/** An unmasked expiry 'YYYY-MM', else null (masked 'XXXX', a bank account). */
export const yearMonth = (value: unknown): string | null =>
  typeof value === "string" && /^\d{4}-(0[1-9]|1[0-2])$/.test(value) ? value : null;
