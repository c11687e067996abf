import busboy from "busboy";
import type { ApiError } from "./api-error";

/** A request as the multipart readers need it: its headers, and its body as a stream or already buffered. */
export interface MultipartRequest {
  headers: Record<string, unknown>;
  rawBody?: Buffer;
  pipe: (target: NodeJS.WritableStream) => unknown;
}

/**
 * The one way uploads read a multipart body (report photos, the profile picture, a popular-service
 * icon): busboy with the caller's limits, fed the body the runtime has already buffered
 * (`req.rawBody`, read in place without a copy) or else the request stream. `handle` registers the
 * part handlers and settles the promise; a body busboy cannot start on (no multipart boundary) is
 * refused with `unreadable()`.
 */
export function readMultipart<T>(
  req: MultipartRequest,
  limits: busboy.Limits,
  unreadable: () => ApiError,
  handle: (parser: busboy.Busboy, resolve: (value: T) => void, reject: (reason: unknown) => void) => void,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({ headers: req.headers as busboy.BusboyConfig["headers"], limits });
    } catch {
      reject(unreadable());
      return;
    }
    handle(parser, resolve, reject);
    if (Buffer.isBuffer(req.rawBody)) parser.end(req.rawBody);
    else req.pipe(parser);
  });
}
