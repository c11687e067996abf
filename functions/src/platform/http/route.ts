import type { Response } from "express";
import type { Request } from "firebase-functions/v2/https";
import type { z } from "zod";
import type { AccessLevel } from "../../contract/access";
import type { Logger } from "../logger";
import type { Principal } from "./principal";

export type HttpMethod = "GET" | "POST" | "PUT" | "DELETE" | "PATCH";

/** Where an id that must belong to the caller is found in the request. */
export interface OwnerRule {
  in: "params" | "query" | "body";
  field: string;
  /** Admins may act on other users' records through this route. */
  allowAdmin?: boolean;
}

/** The caller must be a member (or an approver) of the organization named in the request. */
export interface OrganizationRule {
  in: "params" | "query" | "body";
  field: string;
  role: "member" | "approver";
}

/**
 * The caller's own record (`userId` names the caller) or, when `organizationId` is sent, one of an
 * organization the caller is a member of: where both fields are in the request.
 */
export const callerOrMemberOrganization = (
  where: "query" | "body",
): { owner: OwnerRule; organization: OrganizationRule } => ({
  owner: { in: where, field: "userId" },
  organization: { in: where, field: "organizationId", role: "member" },
});

/**
 * A limit on how often a route may be called (DESIGN.md "API"): at most `limit` requests per
 * `key` in each fixed window of `windowSeconds`; beyond it the answer is 429 with Retry-After.
 * The state lives in Firestore, shared by every instance of every function.
 */
export interface ThrottleRule {
  /** The budget's name; routes that give the same name share one budget. */
  name: string;
  /**
   * Whose budget: the signed-in caller (the client address when nobody is signed in), the client
   * address as our infrastructure saw it, or a field of the validated input (e.g. an account number;
   * a request without that field is not counted by the rule).
   */
  key:
    | "caller"
    | "client"
    | {
        in: "params" | "query" | "body";
        field: string;
        /** Makes equal values one key (e.g. drops leading zeros of an account number). */
        normalize?: (value: string) => string;
      };
  limit: number;
  windowSeconds: number;
  /**
   * `failures`: only requests the handler refuses with a 4xx use the budget (a correct guess gives
   * its slot back), for limits on guessing. Default `all`.
   */
  counts?: "all" | "failures";
  /**
   * How many slots one request takes (default 1), from its validated input: a call that writes
   * several CRM records spends one slot per record.
   */
  weight?: (input: { params: unknown; query: unknown; body: unknown }) => number;
}

type RouteInput = { params: unknown; query: unknown; body: unknown };

/**
 * How a route's use by staff or an admin is written to the audit trail (issue 31). The dispatcher
 * writes a record for every route that declares this, and for every other change a `staff` or
 * `admin` route makes and every use of an owner route's `allowAdmin` on another user's record
 * (then with the request body as `after` and no `before`).
 */
export interface AuditRule {
  /** A short code of what was done, e.g. `user.update`, `console.person.view`. */
  action: string;
  /** The person whose data is read or changed: a field of the input. */
  person?: { in: "params" | "query" | "body"; field: string };
  /** The person, when only the handler's answer names them (a visit's holder). */
  personFrom?: (result: unknown) => string | null;
  /** What else is acted on (a flag's name, an alert's id). */
  subject?: (input: RouteInput) => string | null;
  /** The state before the action, read before the handler runs. */
  before?: (input: RouteInput) => Promise<unknown> | unknown;
  /**
   * The state after it (or what was read), from the input and the handler's answer. Default: the
   * request body for a change, nothing for a read (the trail does not copy a person's data).
   */
  after?: (input: RouteInput, result: unknown) => Promise<unknown> | unknown;
}

export interface RouteContext<P, Q, B> {
  params: P;
  query: Q;
  body: B;
  /** The caller; null only on `public` routes called without a valid token. */
  user: Principal | null;
  requestId: string;
  log: Logger;
  req: Request;
  res: Response;
}

/** A route of a domain's table. The dispatcher authenticates, checks access, validates, then calls handler. */
export interface Route<P = unknown, Q = unknown, B = unknown> {
  method: HttpMethod;
  /** Full path with `:name` segments, e.g. `/api/users/profile/:id`. */
  path: string;
  access: AccessLevel;
  params?: z.ZodType<P>;
  query?: z.ZodType<Q>;
  body?: z.ZodType<B>;
  owner?: OwnerRule;
  organization?: OrganizationRule;
  /** The audit trail's record of this route's use by staff or an admin (see AuditRule). */
  audit?: AuditRule;
  /** Limits enforced by the dispatcher after validation and access checks, before the handler. */
  throttle?: ThrottleRule[];
  /**
   * For a route whose documented answer to a wrong guess is a 200 (e.g. `{ success: false }`):
   * true when this answer is such a miss, so its `failures` slots stay taken like a 4xx's.
   */
  missed?: (result: unknown) => boolean;
  /**
   * `json` (default) parses a JSON body; `form` an `application/x-www-form-urlencoded` one (a JSON
   * object is taken too) into a record whose repeated names hold arrays (`formRecord`); `raw` leaves
   * the request untouched for streaming handlers.
   */
  bodyKind?: "json" | "form" | "raw";
  /**
   * How answers and errors are written when not as the portal's JSON (Open311 answers XML or its own
   * JSON, and its `errors` list); the dispatcher still does everything else.
   */
  format?: AnswerFormat;
  /**
   * A valid request for the access-matrix test, so it can tell "refused" from "accepted".
   * Strings may hold `{uid}` (the caller), `{otherUid}` (another resident) and `{orgId}`.
   */
  example?: { params?: Record<string, string>; query?: Record<string, string>; body?: unknown };
  /**
   * The handler deletes or overwrites data the matrix's principals rely on: the matrix then only
   * checks refusals; the feature's own tests prove the allowed side.
   */
  destructive?: boolean;
  /** A short human description, shown in logs and test names. */
  summary: string;
  /**
   * The handler's answer is sent as JSON with status 200, unless it sets the response itself
   * (then it returns `undefined` after writing).
   */
  handler: (ctx: RouteContext<P, Q, B>) => Promise<unknown> | unknown;
}

// biome-ignore lint/suspicious/noExplicitAny: a table holds routes of many input types
export type AnyRoute = Route<any, any, any>;

/** Declares a route keeping its schema types for the handler. */
export function route<P = Record<string, never>, Q = Record<string, never>, B = undefined>(
  definition: Route<P, Q, B>,
): Route<P, Q, B> {
  return definition;
}

/** A body to send: its content type and text. */
export interface FormattedBody {
  contentType: string;
  body: string;
}

/** Writes a route's answers in a format of its own (see `Route.format`). */
export interface AnswerFormat {
  /** A name tests use to read the errors (e.g. `open311-xml`). */
  name: string;
  result(result: unknown): FormattedBody;
  error(error: { status: number; code: string; message: string; fields?: Record<string, string> }): FormattedBody;
}

/** One table per API domain, served by one HTTPS function. */
export interface RouteTable {
  /** The exported function name, e.g. `users`. */
  functionName: string;
  /** Hosting rewrite sources that reach this function, e.g. `/api/users/**`. */
  rewrites: string[];
  routes: AnyRoute[];
  /** The format of errors for a path no route matched (404, 405), when not the portal's JSON. */
  formatForPath?: (path: string) => AnswerFormat | undefined;
}
