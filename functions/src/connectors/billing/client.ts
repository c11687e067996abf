import { ConnectorError } from "../../platform/connector-error";
import { callJson, guardAnswer, type JsonService } from "../http-json";
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

const service = (config: BillingConfig): JsonService => ({
  system: SYSTEM,
  label: "The billing system",
  timeoutMs: config.timeoutMs,
});

/**
 * One call to the billing system (connectors/http-json.ts classifies its failures: unreachable,
 * slow, 5xx, refused credentials and unreadable answers are 'unavailable').
 */
export async function callBilling(
  config: BillingConfig,
  method: string,
  path: string,
  options: { body?: unknown; idempotencyKey?: string } = {},
): Promise<BillingAnswer> {
  const { status, body } = await callJson(service(config), `${config.baseUrl}${path}`, {
    method,
    headers: { "x-nl-api-key": config.apiKey },
    json: options.body,
    idempotencyKey: options.idempotencyKey,
  });
  const output = (body.OutputParms ?? {}) as OutputParms;
  return { status, output, body };
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
export function guard<T>(work: () => Promise<T>): Promise<T> {
  return guardAnswer({ system: SYSTEM, label: "The billing system" }, work, [BillingConfigError]);
}
