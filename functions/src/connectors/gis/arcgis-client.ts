import { ConnectorError } from "../../platform/connector-error";
import { callJson } from "../http-json";
import type { GisConfig } from "./config";

export const SYSTEM = "gis";

export interface ArcgisError {
  code: number;
  message: string;
  details: string[];
}

/** An ArcGIS error object, which the services send with HTTP 200. */
export class ArcgisAnswerError extends Error {
  constructor(readonly error: ArcgisError) {
    super(`${error.code} ${error.message} ${error.details.join(" ")}`);
  }
}

/** GET an ArcGIS REST operation; errors in the body become ArcgisAnswerError, transport ones 'unavailable'. */
export async function arcgisGet<T>(config: GisConfig, url: string, params: Record<string, string>): Promise<T> {
  const query = new URLSearchParams({ ...params, ...(config.token ? { token: config.token } : {}) });
  // ArcGIS answers its own errors with 200 (below); any HTTP error status means the service failed.
  const { body } = await callJson<unknown>(
    { system: SYSTEM, label: "The GIS service", timeoutMs: config.timeoutMs, unavailable: (status) => status >= 400 },
    `${url}?${query}`,
  );
  const error = (body as { error?: Partial<ArcgisError> } | null)?.error;
  if (error) {
    throw new ArcgisAnswerError({
      code: Number(error.code ?? 500),
      message: String(error.message ?? ""),
      details: Array.isArray(error.details) ? error.details.map(String) : [],
    });
  }
  return body as T;
}

/** An ArcGIS error as a ConnectorError: 400 the request was refused, 498/499 and 5xx unavailable. */
export function toConnectorError(error: unknown): ConnectorError {
  if (error instanceof ConnectorError) return error;
  if (error instanceof ArcgisAnswerError) {
    const { code } = error.error;
    if (code === 404) return new ConnectorError(SYSTEM, "not_found", "No such GIS resource", error.error);
    if (code === 400) return new ConnectorError(SYSTEM, "rejected", "The GIS service refused the request", error.error);
    return new ConnectorError(SYSTEM, "unavailable", "The GIS service failed", error.error);
  }
  return new ConnectorError(SYSTEM, "unavailable", "The GIS service answered in an unexpected shape", String(error));
}
