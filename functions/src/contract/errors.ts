/** The JSON error body every API failure answers with. */
export interface ApiErrorBody {
  error: {
    code: ApiErrorCode;
    message: string;
    /** Field path (dot separated) to a message key such as `Required` or `Invalid`. */
    fields?: Record<string, string>;
    requestId?: string;
  };
}

export const API_ERROR_STATUS = {
  bad_request: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  /** A stated figure is stale (a refund's amount still refundable changed meanwhile, as GOV.UK Pay's 412). */
  precondition_failed: 412,
  too_large: 413,
  rejected: 422,
  rate_limited: 429,
  internal: 500,
  unavailable: 503,
} as const;

export type ApiErrorCode = keyof typeof API_ERROR_STATUS;
