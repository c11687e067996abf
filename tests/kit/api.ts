import { stackInfo } from "./stack-info.ts";

export interface ApiAnswer<T = unknown> {
  status: number;
  body: T;
  contentType: string;
  headers: Headers;
}

/** Calls the API through Hosting (as the browser does), with an optional bearer token. */
export async function callApi<T = unknown>(
  method: string,
  path: string,
  {
    token,
    body,
    rawBody,
    headers,
  }: { token?: string | null; body?: unknown; rawBody?: string; headers?: Record<string, string> } = {},
): Promise<ApiAnswer<T>> {
  const init: RequestInit = { method, headers: { ...headers } };
  const requestHeaders = init.headers as Record<string, string>;
  if (token) requestHeaders.authorization = `Bearer ${token}`;
  if (body !== undefined) {
    requestHeaders["content-type"] = "application/json";
    init.body = JSON.stringify(body);
  } else if (rawBody !== undefined) {
    requestHeaders["content-type"] ??= "application/json";
    init.body = rawBody;
  }
  const response = await fetch(`${stackInfo().portalUrl}${path}`, init);
  const contentType = response.headers.get("content-type") ?? "";
  const text = await response.text();
  let parsed: unknown = text;
  if (contentType.includes("json") && text) parsed = JSON.parse(text);
  return { status: response.status, body: parsed as T, contentType, headers: response.headers };
}
