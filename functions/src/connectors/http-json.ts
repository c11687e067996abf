import { ConnectorError } from "../platform/connector-error";
import { fetchWithTimeout } from "../platform/outbound";

/** An external system reached over HTTP with JSON answers, as one adapter configures it. */
export interface JsonService {
  /** The system's name in ConnectorErrors and logs ("billing"). */
  system: string;
  /** How error messages name it ("The billing system"). */
  label: string;
  timeoutMs: number;
  /**
   * Statuses that mean the system is unusable for now rather than that the request was wrong;
   * default: 5xx and refused credentials (401, 403). The adapter reads every other status.
   */
  unavailable?: (status: number) => boolean;
  /** An empty body reads as {} (payments, boxes) instead of an unreadable answer. */
  emptyBodyIsObject?: boolean;
}

export interface JsonAnswer<T = Record<string, unknown>> {
  status: number;
  body: T;
}

const credentialsOrServerFailure = (status: number) => status >= 500 || status === 401 || status === 403;

/**
 * One call to an external system: JSON in (`json`) or any body, JSON out, every failure of the
 * system classified once. Unreachable, slow (the service's timeout), the `unavailable` statuses
 * and unreadable answers are ConnectorError 'unavailable': none of them is the caller's fault.
 */
export async function callJson<T = Record<string, unknown>>(
  service: JsonService,
  url: string,
  init: {
    method?: string;
    headers?: Record<string, string>;
    json?: unknown;
    body?: RequestInit["body"];
    idempotencyKey?: string;
  } = {},
): Promise<JsonAnswer<T>> {
  const headers: Record<string, string> = { accept: "application/json", ...init.headers };
  if (init.json !== undefined) headers["content-type"] = "application/json";
  if (init.idempotencyKey) headers["idempotency-key"] = init.idempotencyKey;
  let response: Response;
  let text: string;
  try {
    response = await fetchWithTimeout(url, {
      method: init.method ?? "GET",
      headers,
      body: init.json === undefined ? init.body : JSON.stringify(init.json),
      timeoutMs: service.timeoutMs,
    });
    text = await response.text();
  } catch (error) {
    throw new ConnectorError(service.system, "unavailable", `${service.label} did not answer`, String(error));
  }
  if ((service.unavailable ?? credentialsOrServerFailure)(response.status)) {
    throw new ConnectorError(
      service.system,
      "unavailable",
      `${service.label} answered ${response.status}`,
      text.slice(0, 500),
    );
  }
  if (text === "" && service.emptyBodyIsObject) return { status: response.status, body: {} as T };
  try {
    return { status: response.status, body: JSON.parse(text) as T };
  } catch {
    throw new ConnectorError(
      service.system,
      "unavailable",
      `${service.label} answered something unreadable`,
      text.slice(0, 500),
    );
  }
}

/**
 * Runs the reading of answers: anything thrown that is not a ConnectorError (a malformed value)
 * becomes 'unavailable', because a malformed answer is the system's fault, not the caller's.
 * Errors of the classes in `keep` (missing configuration) pass unchanged.
 */
export async function guardAnswer<T>(
  service: Pick<JsonService, "system" | "label">,
  work: () => Promise<T>,
  keep: (abstract new (...args: never[]) => Error)[] = [],
): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof ConnectorError || keep.some((kind) => error instanceof kind)) throw error;
    throw new ConnectorError(
      service.system,
      "unavailable",
      `${service.label} answered in an unexpected shape`,
      String(error),
    );
  }
}
