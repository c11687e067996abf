import { request } from "node:http";
import { getExpectedTwilioSignature } from "twilio/lib/webhooks/webhooks.js";
import { SMS_AUTH_TOKEN } from "../../emulators/src/sandboxes/sms/index.ts";
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

/** One file of a multipart upload. */
export interface UploadFile {
  bytes: BlobPart;
  type: string;
  name: string;
}

/** PUTs files as the multipart field "image" to /api/users/image (the profile picture upload). */
export function putProfileImage(token: string, ...files: UploadFile[]): Promise<Response> {
  const form = new FormData();
  for (const file of files) form.append("image", new Blob([file.bytes], { type: file.type }), file.name);
  return fetch(`${stackInfo().portalUrl}/api/users/image`, {
    method: "PUT",
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
}

/**
 * PUTs a large body to /api/users/image as a stream with its length declared: `head`, then
 * `fillBytes` bytes of `fillByte` sent a megabyte at a time (waiting for the socket to drain), then
 * `tail`. For uploads too large to build in memory.
 */
export function streamProfileImage(
  token: string,
  {
    contentType,
    head = Buffer.alloc(0),
    fillBytes,
    fillByte = 0,
    tail = Buffer.alloc(0),
  }: { contentType: string; head?: Buffer; fillBytes: number; fillByte?: number; tail?: Buffer },
): Promise<{ status: number; body: string }> {
  const length = head.length + fillBytes + tail.length;
  return new Promise((resolve, reject) => {
    const outgoing = request(
      new URL("/api/users/image", stackInfo().portalUrl),
      {
        method: "PUT",
        headers: { authorization: `Bearer ${token}`, "content-type": contentType, "content-length": String(length) },
      },
      (response) => {
        let body = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => {
          body += chunk;
        });
        response.on("end", () => resolve({ status: response.statusCode ?? 0, body }));
      },
    );
    outgoing.on("error", reject);
    const chunk = Buffer.alloc(1024 * 1024, fillByte);
    let left = fillBytes;
    outgoing.write(head);
    const pump = () => {
      while (left > 0) {
        const size = Math.min(chunk.length, left);
        left -= size;
        if (!outgoing.write(size === chunk.length ? chunk : chunk.subarray(0, size))) {
          outgoing.once("drain", pump);
          return;
        }
      }
      outgoing.end(tail);
    };
    pump();
  });
}

/**
 * A form post as the text message provider (Twilio) makes it to the portal's webhooks: form-encoded
 * and signed with X-Twilio-Signature over the portal URL and the fields, with the SMS sandbox's
 * account token (`signature` replaces it: a forgery). A body that is no object of strings (no form
 * can carry it) is sent as JSON, which a form route refuses.
 */
export function providerPost(
  path: string,
  body: unknown,
  { signature }: { signature?: string } = {},
): Promise<ApiAnswer> {
  const isForm =
    typeof body === "object" &&
    body !== null &&
    !Array.isArray(body) &&
    Object.values(body).every((value) => typeof value === "string");
  if (!isForm) return callApi("POST", path, { body });
  const params = body as Record<string, string>;
  const url = `${stackInfo().portalUrl}${path}`;
  return callApi("POST", path, {
    rawBody: new URLSearchParams(params).toString(),
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      "x-twilio-signature": signature ?? getExpectedTwilioSignature(SMS_AUTH_TOKEN, url, params),
    },
  });
}
