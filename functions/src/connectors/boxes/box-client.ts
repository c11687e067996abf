import { ConnectorError } from "../../platform/connector-error";
import { callJson, type JsonAnswer } from "../http-json";
import type { BoxesConfig } from "./config";

export const SYSTEM = "boxes";

/**
 * One HTTP call to Box (connectors/http-json.ts); transport failures, 5xx, 401/403 and 429 are
 * 'unavailable' (our app's token), unless `callerToken`: then 401/403 are the caller's token's answer.
 */
export function callBox(
  config: BoxesConfig,
  url: string,
  init: RequestInit,
  { callerToken = false }: { callerToken?: boolean } = {},
): Promise<JsonAnswer> {
  return callJson(
    {
      system: SYSTEM,
      label: "The file-box service",
      timeoutMs: config.timeoutMs,
      unavailable: (status) => status >= 500 || (callerToken ? [429] : [401, 403, 429]).includes(status),
      emptyBodyIsObject: true,
    },
    url,
    { method: init.method, headers: init.headers as Record<string, string> | undefined, body: init.body },
  );
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
