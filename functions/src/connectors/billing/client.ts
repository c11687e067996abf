import { fetchWithTimeout } from "../../platform/outbound";
import { ConnectorError } from "../connector-error";
import { type BillingConfig, BillingConfigError } from "./config";
import { OK } from "./wire";

export const SYSTEM = "billing";

export type OutputParms = Record<string, unknown> & { ErrorCode?: string; ErrorMessage?: string };

export interface BillingAnswer {
  status: number;
  output: OutputParms;
  /** The whole body, for answers that carry fields beside OutputParms (the mismatch message). */
  body: Record<string, unknown>;
}

/**
 * One call to the billing system. Unreachable, slow, 5xx, refused credentials and unreadable
 * answers all mean 'unavailable': none of them is the caller's fault.
 */
export async function callBilling(
  config: BillingConfig,
  method: string,
  path: string,
  options: { body?: unknown; idempotencyKey?: string } = {},
): Promise<BillingAnswer> {
  const headers: Record<string, string> = { accept: "application/json", "x-nl-api-key": config.apiKey };
  if (options.body !== undefined) headers["content-type"] = "application/json";
  if (options.idempotencyKey) headers["idempotency-key"] = options.idempotencyKey;
  let response: Response;
  try {
    response = await fetchWithTimeout(`${config.baseUrl}${path}`, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      timeoutMs: config.timeoutMs,
    });
  } catch (error) {
    throw new ConnectorError(SYSTEM, "unavailable", "The billing system did not answer", String(error));
  }
  const text = await response.text();
  if (response.status >= 500 || response.status === 401 || response.status === 403) {
    throw new ConnectorError(
      SYSTEM,
      "unavailable",
      `The billing system answered ${response.status}`,
      text.slice(0, 500),
    );
  }
  let body: Record<string, unknown>;
  try {
    body = JSON.parse(text) as Record<string, unknown>;
  } catch {
    throw new ConnectorError(
      SYSTEM,
      "unavailable",
      "The billing system answered something unreadable",
      text.slice(0, 500),
    );
  }
  const output = (body.OutputParms ?? {}) as OutputParms;
  return { status: response.status, output, body };
}

/** For calls whose every non-success is an error: 404 not found, other refusals rejected. */
export function requireSuccess(answer: BillingAnswer): OutputParms {
  if (answer.status === 404) throw new ConnectorError(SYSTEM, "not_found", "No such billing record", answer.output);
  if (answer.status >= 400 || answer.output.ErrorCode !== OK) {
    throw new ConnectorError(
      SYSTEM,
      "rejected",
      String(answer.output.ErrorMessage || "Refused by the billing system"),
      answer.output,
    );
  }
  return answer.output;
}

/** Turns anything thrown while reading an answer (a malformed value) into 'unavailable'. */
export async function guard<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof ConnectorError || error instanceof BillingConfigError) throw error;
    throw new ConnectorError(
      SYSTEM,
      "unavailable",
      "The billing system answered in an unexpected shape",
      String(error),
    );
  }
}
