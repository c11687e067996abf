import { fetchWithTimeout } from "../../platform/outbound";
import { ConnectorError } from "../connector-error";
import { PaymentsConfigError } from "./config";

export interface JsonAnswer {
  status: number;
  body: Record<string, unknown>;
}

/**
 * One JSON call to a payment provider. Unreachable, slow, 5xx, refused credentials and
 * unreadable answers are 'unavailable'; other statuses are returned for the adapter to read.
 */
export async function callJson(
  system: string,
  url: string,
  init: { method: string; headers: Record<string, string>; body?: unknown; idempotencyKey?: string; timeoutMs: number },
): Promise<JsonAnswer> {
  const headers: Record<string, string> = { accept: "application/json", ...init.headers };
  if (init.body !== undefined) headers["content-type"] = "application/json";
  if (init.idempotencyKey) headers["idempotency-key"] = init.idempotencyKey;
  let response: Response;
  try {
    response = await fetchWithTimeout(url, {
      method: init.method,
      headers,
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      timeoutMs: init.timeoutMs,
    });
  } catch (error) {
    throw new ConnectorError(system, "unavailable", "The payment provider did not answer", String(error));
  }
  const text = await response.text();
  if (response.status >= 500 || response.status === 401 || response.status === 403) {
    throw new ConnectorError(
      system,
      "unavailable",
      `The payment provider answered ${response.status}`,
      text.slice(0, 500),
    );
  }
  if (response.status === 204 || text === "") return { status: response.status, body: {} };
  try {
    return { status: response.status, body: JSON.parse(text) as Record<string, unknown> };
  } catch {
    throw new ConnectorError(
      system,
      "unavailable",
      "The payment provider answered something unreadable",
      text.slice(0, 500),
    );
  }
}

/** Anything thrown while reading an answer (a malformed value) becomes 'unavailable'. */
export async function guard<T>(system: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof ConnectorError || error instanceof PaymentsConfigError) throw error;
    throw new ConnectorError(
      system,
      "unavailable",
      "The payment provider answered in an unexpected shape",
      String(error),
    );
  }
}
