import { fetchWithTimeout } from "../../platform/outbound";
import { ConnectorError } from "../connector-error";
import type { BoxesConfig } from "./config";

export const SYSTEM = "boxes";

export interface BoxAnswer {
  status: number;
  body: Record<string, unknown>;
}

/** One HTTP call to Box; transport failures, 5xx, 401/403 and 429 are 'unavailable'. */
export async function callBox(config: BoxesConfig, url: string, init: RequestInit): Promise<BoxAnswer> {
  let response: Response;
  try {
    response = await fetchWithTimeout(url, { ...init, timeoutMs: config.timeoutMs });
  } catch (error) {
    throw new ConnectorError(SYSTEM, "unavailable", "The file-box service did not answer", String(error));
  }
  const text = await response.text();
  if (response.status >= 500 || [401, 403, 429].includes(response.status)) {
    throw new ConnectorError(
      SYSTEM,
      "unavailable",
      `The file-box service answered ${response.status}`,
      text.slice(0, 500),
    );
  }
  try {
    return { status: response.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
  } catch {
    throw new ConnectorError(
      SYSTEM,
      "unavailable",
      "The file-box service answered something unreadable",
      text.slice(0, 500),
    );
  }
}

/** An OAuth token grant (form-encoded), answering the access token. */
export async function grantToken(config: BoxesConfig, form: Record<string, string>): Promise<string> {
  const { status, body } = await callBox(config, config.tokenUrl, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(form).toString(),
  });
  if (status !== 200 || typeof body.access_token !== "string") {
    // A refused grant is our configuration, not the user's doing: the service is unusable for now.
    throw new ConnectorError(SYSTEM, "unavailable", "The file-box service refused the token grant", body);
  }
  return body.access_token;
}
