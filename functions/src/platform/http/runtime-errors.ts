import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { createRequire } from "node:module";
import type { ApiErrorBody, ApiErrorCode } from "../../contract/errors";

/** What body-parser attaches to the errors it passes on (http-errors). */
interface RuntimeError {
  status?: number;
  statusCode?: number;
  type?: string;
  expose?: boolean;
}

type Handle = (req: IncomingMessage, res: ServerResponse, callback?: (error?: unknown) => void) => unknown;
const PATCHED = Symbol.for("city-portal.json-final-handler");

const CODE_BY_STATUS: Record<number, ApiErrorCode> = { 400: "bad_request", 413: "too_large", 415: "bad_request" };

/** The README's error shape for what the runtime refused before any route ran. */
function answerJson(res: ServerResponse, error: unknown): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  const { status: declared, statusCode, type } = (error ?? {}) as RuntimeError;
  const status = declared ?? statusCode;
  let code: ApiErrorCode;
  let message: string;
  if (error === undefined) {
    code = "not_found";
    message = "No such API route.";
  } else if (status !== undefined && status >= 400 && status < 500 && type) {
    // body-parser's failures: entity.parse.failed (malformed JSON, a bare scalar), entity.too.large, charsets.
    code = CODE_BY_STATUS[status] ?? "bad_request";
    message =
      type === "entity.too.large"
        ? "The request body is too large."
        : "The request body could not be read: send valid JSON (an object or an array).";
  } else {
    code = "internal";
    message = "Something went wrong on our side.";
    console.error(
      JSON.stringify({ severity: "ERROR", message: "runtime error before the dispatcher", error: String(error) }),
    );
  }
  const body: ApiErrorBody = { error: { code, message, requestId: randomUUID() } };
  const text = JSON.stringify(body);
  res.statusCode = code === "internal" ? 500 : code === "not_found" ? 404 : (status ?? 400);
  res.setHeader("content-type", "application/json; charset=utf-8");
  res.setHeader("content-length", Buffer.byteLength(text));
  res.setHeader("cache-control", "no-store");
  res.setHeader("x-content-type-options", "nosniff");
  res.end(text);
}

/**
 * Cloud Functions (functions-framework) and the Functions emulator both parse request bodies with
 * body-parser in their own Express app, before any function code runs; a body it refuses (malformed
 * JSON, a JSON scalar, a bad charset) goes to Express's default final handler, which answers an
 * HTML page (functions-framework-nodejs#686: framework errors never reach the user's function).
 * Both runtimes load Express before they load the function module and create their app after it,
 * so giving every loaded Express application a final handler that answers with the API's JSON
 * error shape covers production, the emulator and a plain functions-framework host alike. Answers
 * how many Express copies were found (0 when none is loaded, as in unit tests of other modules).
 */
export function answerRuntimeErrorsAsJson(cache: NodeJS.Require["cache"] = createRequire(__filename).cache): number {
  let patched = 0;
  for (const [path, entry] of Object.entries(cache)) {
    if (!/[\\/]express[\\/]lib[\\/]application\.js$/.test(path)) continue;
    const application = entry?.exports as { handle?: Handle & { [PATCHED]?: true } } | undefined;
    const original = application?.handle;
    if (!application || typeof original !== "function") continue;
    patched++;
    if (original[PATCHED]) continue;
    const handle: Handle & { [PATCHED]?: true } = function (this: unknown, req, res, callback) {
      return original.call(this, req, res, callback ?? ((error?: unknown) => answerJson(res, error)));
    };
    handle[PATCHED] = true;
    application.handle = handle;
  }
  return patched;
}
