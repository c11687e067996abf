import { API_ERROR_STATUS, type ApiErrorCode } from "../../contract/errors";

/** A failure the dispatcher turns into the JSON error shape with its HTTP status. */
export class ApiError extends Error {
  readonly status: number;
  constructor(
    readonly code: ApiErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.status = API_ERROR_STATUS[code];
  }
}

/** 429: the caller used up a throttle's budget; the dispatcher sends `Retry-After`. */
export class RateLimitedError extends ApiError {
  constructor(readonly retryAfterSeconds: number) {
    super("rate_limited", "Too many attempts. Please try again later.");
  }
}

export const badRequest = (message: string, fields?: Record<string, string>) =>
  new ApiError("bad_request", message, fields);
export const unauthenticated = () => new ApiError("unauthenticated", "Sign-in required.");
export const forbidden = (message = "You may not do this.") => new ApiError("forbidden", message);
export const notFound = (message = "Not found.") => new ApiError("not_found", message);
export const conflict = (message: string) => new ApiError("conflict", message);
