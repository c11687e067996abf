import type { ApiErrorBody, ApiErrorCode } from "@contract/errors";

/** A failed API call, with the server's JSON error shape (DESIGN.md, API) already read. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ApiErrorCode | "network" | "unknown";
  readonly fields: Record<string, string>;

  constructor(status: number, code: ApiError["code"], message: string, fields: Record<string, string> = {}) {
    super(message);
    this.name = "ApiError";
    this.status = status;
    this.code = code;
    this.fields = fields;
  }
}

type IdTokenSource = () => Promise<string | null>;
let idTokenSource: IdTokenSource = async () => null;

/** Auth registers where the current ID token comes from; keeps this module free of Firebase. */
export function setIdTokenSource(source: IdTokenSource): void {
  idTokenSource = source;
}

/** Root-relative paths ("/auth") are our API; "//host" and "https://..." are someone else's. */
export function isRootRelative(url: string): boolean {
  return url.startsWith("/") && !url.startsWith("//");
}

/** The URL a request goes to: our API paths get the /api prefix once. */
export function resolveApiUrl(url: string): string {
  if (!isRootRelative(url)) return url;
  return url === "/api" || url.startsWith("/api/") ? url : `/api${url}`;
}

function isApiErrorBody(value: unknown): value is ApiErrorBody {
  if (typeof value !== "object" || value === null || !("error" in value)) return false;
  const error = (value as { error: unknown }).error;
  return typeof error === "object" && error !== null && typeof (error as { message?: unknown }).message === "string";
}

async function toApiError(response: Response): Promise<ApiError> {
  const body: unknown = await response.json().catch(() => null);
  if (isApiErrorBody(body)) {
    return new ApiError(response.status, body.error.code, body.error.message, body.error.fields ?? {});
  }
  return new ApiError(response.status, "unknown", response.statusText || `HTTP ${response.status}`);
}

export interface ApiRequestOptions extends Omit<RequestInit, "body"> {
  /** JSON-serialised unless it is FormData (uploads). */
  body?: unknown;
  /**
   * Asked without the ID token, so without waiting for Firebase to start: only for public answers
   * that are the same for every caller (a signed-in page's alert dialog, its largest paint, waited
   * on Firebase's 45 KB and the token refresh for a list a visitor gets at once).
   */
  anonymous?: boolean;
}

/**
 * Calls the API. The bearer ID token goes only to root-relative paths (spec 1 §6: requests to
 * non-root-relative URLs carry no token), so a third-party URL never sees it.
 */
export async function apiRequest<T>(url: string, options: ApiRequestOptions = {}): Promise<T> {
  const { body, headers: givenHeaders, anonymous = false, ...rest } = options;
  const headers = new Headers(givenHeaders);
  headers.set("Accept", "application/json");
  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    headers.set("Content-Type", "application/json");
    payload = JSON.stringify(body);
  }
  if (isRootRelative(url) && !anonymous) {
    const token = await idTokenSource();
    if (token) headers.set("Authorization", `Bearer ${token}`);
  }
  let response: Response;
  try {
    response = await fetch(resolveApiUrl(url), { ...rest, headers, body: payload });
  } catch (cause) {
    throw new ApiError(0, "network", cause instanceof Error ? cause.message : "Network error");
  }
  if (!response.ok) throw await toApiError(response);
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/** A binary answer (a report's photo), with `apiRequest`'s token rule and errors. */
export async function apiBlob(url: string): Promise<Blob> {
  const headers = new Headers();
  if (isRootRelative(url)) {
    const token = await idTokenSource();
    if (token) headers.set("Authorization", `Bearer ${token}`);
  }
  let response: Response;
  try {
    response = await fetch(resolveApiUrl(url), { headers });
  } catch (cause) {
    throw new ApiError(0, "network", cause instanceof Error ? cause.message : "Network error");
  }
  if (!response.ok) throw await toApiError(response);
  return response.blob();
}

/**
 * Sends a multipart form through XMLHttpRequest, because fetch reports no upload progress;
 * `onProgress` gets 0-100, and 100 once the API has accepted it. Same token rule, URL and
 * ApiError as `apiRequest` (a network failure is status 0, "network").
 */
export async function uploadWithProgress<T>(
  method: "POST" | "PUT",
  url: string,
  form: FormData,
  onProgress: (percent: number) => void,
): Promise<T> {
  const token = isRootRelative(url) ? await idTokenSource() : null;
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open(method, resolveApiUrl(url));
    request.setRequestHeader("Accept", "application/json");
    if (token) request.setRequestHeader("Authorization", `Bearer ${token}`);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    request.onerror = () => reject(new ApiError(0, "network", "Network error"));
    request.onload = () => {
      let body: unknown = null;
      try {
        body = JSON.parse(request.responseText);
      } catch {
        body = null;
      }
      if (request.status >= 200 && request.status < 300) {
        onProgress(100);
        resolve(body as T);
        return;
      }
      const error = (body as { error?: { code?: ApiError["code"]; message?: string; fields?: Record<string, string> } })
        ?.error;
      reject(
        new ApiError(request.status, error?.code ?? "unknown", error?.message ?? request.statusText, error?.fields),
      );
    };
    request.send(form);
  });
}

export const api = {
  get: <T>(url: string, options?: ApiRequestOptions) => apiRequest<T>(url, { ...options, method: "GET" }),
  post: <T>(url: string, body?: unknown, options?: ApiRequestOptions) =>
    apiRequest<T>(url, { ...options, method: "POST", body }),
  put: <T>(url: string, body?: unknown, options?: ApiRequestOptions) =>
    apiRequest<T>(url, { ...options, method: "PUT", body }),
  patch: <T>(url: string, body?: unknown, options?: ApiRequestOptions) =>
    apiRequest<T>(url, { ...options, method: "PATCH", body }),
  delete: <T>(url: string, options?: ApiRequestOptions) => apiRequest<T>(url, { ...options, method: "DELETE" }),
};
