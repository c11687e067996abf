import { gzipSync } from "node:zlib";
import type { Response } from "express";
import type { Request } from "firebase-functions/v2/https";

/** Answers smaller than this go as they are: gzip would save less than its header and CPU cost. */
export const COMPRESS_MIN_BYTES = 1024;

/**
 * A 200 JSON answer, gzipped when the client accepts it and it is large enough. The function does
 * it rather than relying on whatever sits in front of it (the local front door passes answers
 * through as they are); the largest answers go to every visitor: the processed texts, 66 KB raw,
 * requested on each first page load.
 */
export function sendJson(req: Request, res: Response, result: unknown): void {
  const body = JSON.stringify(result);
  if (body.length < COMPRESS_MIN_BYTES) {
    res.status(200).json(result);
    return;
  }
  sendJsonText(req, res, body);
}

/**
 * JSON text as it is, or gzipped for a client that accepts gzip; `gzipped` when the caller keeps
 * the compressed text (the processed texts are built once per change, not per request).
 */
export function sendJsonText(req: Request, res: Response, text: string, gzipped?: Buffer): void {
  res.append("vary", "Accept-Encoding");
  if (!/\bgzip\b/.test(req.header("accept-encoding") ?? "")) {
    res.status(200).type("application/json").send(text);
    return;
  }
  res.setHeader("content-encoding", "gzip");
  res
    .status(200)
    .type("application/json")
    .send(gzipped ?? gzipSync(text));
}
