import { randomUUID } from "node:crypto";
import type { Response } from "express";
import type { Request } from "firebase-functions/v2/https";
import type { z } from "zod";
import type { ApiErrorBody } from "../../contract/errors";
import { appendAuditRecord } from "../../data/audit-records";
import { documentsRead, meteringReads } from "../../data/read-meter";
import { ConnectorError } from "../connector-error";
import { requestLogger } from "../logger";
import { OutboundTimeoutError } from "../outbound";
import { ApiError, badRequest, forbidden, RateLimitedError, unauthenticated } from "./api-error";
import { clientAddress } from "./client-address";
import { sendJson } from "./compress";
import { formRecord } from "./form-body";
import { matchRoute } from "./match";
import {
  isAdmin,
  isStaff,
  meetsAccess,
  organizationRole,
  type Principal,
  principalFromAuthorization,
  REVOCATION_CHECKED_LEVELS,
} from "./principal";
import type { AnswerFormat, AnyRoute, AuditRule, OrganizationRule, OwnerRule, RouteTable, ThrottleRule } from "./route";
import { type ThrottleSlot, takeThrottleSlot, throttleKey } from "./throttle";

const REQUEST_ID = /^[A-Za-z0-9-]{8,64}$/;

/**
 * The one request pipeline of every API function: match the route, authenticate, check the
 * access level, validate params, query and body, check ownership, run the handler, and map
 * any failure to the JSON error shape. Handlers never see unchecked input.
 */
export function createDispatcher(table: RouteTable) {
  const handle = async (req: Request, res: Response): Promise<void> => {
    const started = Date.now();
    const incomingId = req.header("x-request-id");
    const requestId = incomingId && REQUEST_ID.test(incomingId) ? incomingId : randomUUID();
    const log = requestLogger({ requestId, method: req.method, path: req.path, fn: table.functionName });
    res.setHeader("x-request-id", requestId);
    res.setHeader("cache-control", "no-store");
    res.setHeader("x-content-type-options", "nosniff");

    let uid: string | undefined;
    /** The route's own answer format (Open311's XML or JSON), or the table's for a path no route matched. */
    let format: AnswerFormat | undefined = table.formatForPath?.(req.path);
    /** Time spent on who the caller is (token verification, revocation check, the user's CRM id). */
    let authMs: number | undefined;
    try {
      const match = matchRoute(table.routes, req.method, req.path);
      if (match.kind === "none") throw new ApiError("not_found", `No API route ${req.method} ${req.path}.`);
      if (match.kind === "method") {
        res.setHeader("allow", match.allowed.join(", "));
        throw new ApiError("method_not_allowed", `${req.method} is not allowed here.`);
      }
      const { route, rawParams } = match;
      format = route.format;

      const authStarted = Date.now();
      const user = await principalFromAuthorization(req.header("authorization"), {
        checkRevoked: REVOCATION_CHECKED_LEVELS.includes(route.access),
      });
      authMs = Date.now() - authStarted;
      uid = user?.uid;
      if (!meetsAccess(user, route.access)) throw user ? forbidden() : unauthenticated();

      const params = parsePart(route.params, rawParams, "params");
      const query = parsePart(route.query, req.query, "query");
      const body = route.bodyKind === "raw" ? undefined : parsePart(route.body, readBody(req, route), "body");
      const input = { params, query, body };

      if (route.owner) checkOwner(route.owner, input, user);
      if (route.organization) await checkOrganization(route.organization, input, user);

      const slots = await takeSlots(route.throttle ?? [], input, user, req);
      const audit = auditPlan(route, input, user);
      let result: unknown;
      try {
        if (audit) audit.before = await audit.rule.before?.(input);
        result = await route.handler({ params, query, body, user, requestId, log, req, res });
      } catch (error) {
        // Only a refusal of the caller's input uses a `failures` budget; our own failures do not.
        const refused = error instanceof ApiError && error.status >= 400 && error.status < 500;
        if (!refused) await giveBack(slots, log);
        throw error;
      }
      // A miss the route answers with 200 (its documented shape) counts like a refusal.
      if (!route.missed?.(result)) await giveBack(slots, log);
      if (audit) await writeAudit(audit, route, input, result, requestId, log);
      if (!res.headersSent) {
        if (result === undefined) res.status(204).end();
        else if (format) sendFormatted(res, 200, format.result(result));
        else sendJson(req, res, result);
      }
      log.info("request", { status: res.statusCode, ms: Date.now() - started, authMs, uid, reads: documentsRead() });
    } catch (error) {
      const apiError = toApiError(error);
      if (apiError.status >= 500) {
        log.error("request failed", {
          status: apiError.status,
          ms: Date.now() - started,
          authMs,
          uid,
          error: describe(error),
        });
      } else {
        log.info("request refused", {
          status: apiError.status,
          code: apiError.code,
          ms: Date.now() - started,
          authMs,
          uid,
          ...(error instanceof ConnectorError ? { upstream: { system: error.system, message: error.message } } : {}),
        });
      }
      if (res.headersSent) {
        res.end();
        return;
      }
      if (apiError instanceof RateLimitedError) res.setHeader("retry-after", String(apiError.retryAfterSeconds));
      if (format) {
        const { status, code, message, fields } = apiError;
        sendFormatted(res, status, format.error({ status, code, message, fields }));
        return;
      }
      const body: ApiErrorBody = {
        error: { code: apiError.code, message: apiError.message, fields: apiError.fields, requestId },
      };
      res.status(apiError.status).json(body);
    }
  };
  // Each request counts its own Firestore reads (logged with it as `reads`).
  return (req: Request, res: Response): Promise<void> => meteringReads(() => handle(req, res));
}

function parsePart<T>(schema: z.ZodType<T> | undefined, value: unknown, part: string): T {
  if (!schema) return (part === "body" ? undefined : {}) as T;
  const parsed = schema.safeParse(value ?? (part === "body" ? undefined : {}));
  if (parsed.success) return parsed.data;
  const fields: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const key = [part, ...issue.path.map(String)].join(".");
    fields[key] ??= issue.message;
  }
  throw badRequest(`Invalid ${part}.`, fields);
}

function sendFormatted(res: Response, status: number, { contentType, body }: { contentType: string; body: string }) {
  res.status(status).type(contentType).send(body);
}

function readBody(req: Request, route: AnyRoute): unknown {
  if (!route.body) return undefined;
  const type = req.header("content-type") ?? "";
  const raw = req.rawBody?.length ? req.rawBody.toString("utf8") : "";
  if (!raw) return undefined;
  if (route.bodyKind === "form" && /^application\/x-www-form-urlencoded\b/i.test(type)) return formRecord(raw);
  if (!/^application\/json\b/i.test(type)) {
    const wanted = route.bodyKind === "form" ? "form-encoded (or JSON)" : "JSON";
    throw new ApiError("bad_request", `The body must be ${wanted}.`);
  }
  if (req.body !== undefined && typeof req.body === "object" && !Buffer.isBuffer(req.body)) return req.body;
  try {
    return JSON.parse(raw);
  } catch {
    throw badRequest("The body is not valid JSON.");
  }
}

interface AuditPlan {
  rule: AuditRule;
  actor: Principal;
  role: "admin" | "staff";
  personUid: string | null;
  before: unknown;
}

/**
 * Whether this request goes into the audit trail (issue 31): staff or an admin calling a route that
 * declares `audit`, any change (not GET) of a `staff` or `admin` route, or an admin reaching another
 * user's record through an owner route's `allowAdmin`.
 */
function auditPlan(route: AnyRoute, input: Record<string, unknown>, user: Principal | null): AuditPlan | null {
  if (!user) return null;
  const role = isAdmin(user) ? "admin" : isStaff(user) ? "staff" : null;
  if (!role) return null;
  const ownerValue = route.owner ? valueAt(input, route.owner) : undefined;
  const actsForOther = route.owner?.allowAdmin === true && typeof ownerValue === "string" && ownerValue !== user.uid;
  const changes = route.method !== "GET" && (route.access === "admin" || route.access === "staff");
  if (!route.audit && !changes && !actsForOther) return null;
  const rule: AuditRule = route.audit ?? { action: `${route.method} ${route.path}` };
  const person = rule.person ? valueAt(input, rule.person) : actsForOther ? ownerValue : undefined;
  return { rule, actor: user, role, personUid: typeof person === "string" ? person : null, before: undefined };
}

async function writeAudit(
  plan: AuditPlan,
  route: AnyRoute,
  input: { params: unknown; query: unknown; body: unknown },
  result: unknown,
  requestId: string,
  log: { error(message: string, data?: Record<string, unknown>): void },
): Promise<void> {
  try {
    const after = plan.rule.after
      ? await plan.rule.after(input, result)
      : route.method === "GET"
        ? undefined
        : input.body;
    await appendAuditRecord({
      actorUid: plan.actor.uid,
      actorEmail: plan.actor.email,
      actorRole: plan.role,
      action: plan.rule.action,
      route: `${route.method} ${route.path}`,
      personUid: plan.personUid ?? plan.rule.personFrom?.(result) ?? null,
      subject: plan.rule.subject ? plan.rule.subject(input) : paramsSubject(input.params, plan),
      before: plan.before,
      after,
      requestId,
    });
  } catch (error) {
    // The action itself happened: its answer stands, and the missing record is an alert in the logs.
    log.error("audit record not written", { route: `${route.method} ${route.path}`, error: String(error) });
  }
}

/** By default a record's subject is the path's values other than the person's (`autopayId=AP1`). */
function paramsSubject(params: unknown, plan: AuditPlan): string | null {
  if (!params || typeof params !== "object") return null;
  const parts = Object.entries(params as Record<string, unknown>)
    .filter(([, value]) => typeof value === "string" && value !== plan.personUid)
    .map(([name, value]) => `${name}=${value as string}`);
  return parts.length > 0 ? parts.join(" ") : null;
}

function valueAt(input: Record<string, unknown>, rule: { in: string; field: string }): unknown {
  const part = input[rule.in];
  return part && typeof part === "object" ? (part as Record<string, unknown>)[rule.field] : undefined;
}

/** Takes a slot of every rule in order; when one refuses, the slots already taken are given back. */
async function takeSlots(
  rules: ThrottleRule[],
  input: Record<string, unknown>,
  user: Principal | null,
  req: Request,
): Promise<ThrottleSlot[]> {
  const slots: ThrottleSlot[] = [];
  try {
    const who = { uid: user?.uid ?? null, clientAddress: clientAddress(req), input };
    for (const rule of rules) {
      const key = throttleKey(rule, who);
      if (key === null) continue;
      const weight = rule.weight ? rule.weight(input as { params: unknown; query: unknown; body: unknown }) : 1;
      for (let taken = 0; taken < weight; taken++) slots.push(await takeThrottleSlot(rule, key));
    }
  } catch (error) {
    await Promise.all(slots.map((slot) => slot.release().catch(() => undefined)));
    throw error;
  }
  return slots;
}

/** Gives back the slots of `failures` rules: the request did not count as a failed guess. */
async function giveBack(slots: ThrottleSlot[], log: { warn(message: string, data?: Record<string, unknown>): void }) {
  for (const slot of slots) {
    if (slot.rule.counts !== "failures") continue;
    await slot.release().catch((error: unknown) => log.warn("throttle slot not given back", { error: String(error) }));
  }
}

function checkOwner(rule: OwnerRule, input: Record<string, unknown>, user: Principal | null): void {
  if (!user) throw unauthenticated();
  if (valueAt(input, rule) === user.uid) return;
  if (rule.allowAdmin && isAdmin(user)) return;
  throw forbidden("You may only reach your own records.");
}

async function checkOrganization(
  rule: OrganizationRule,
  input: Record<string, unknown>,
  user: Principal | null,
): Promise<void> {
  if (!user) throw unauthenticated();
  const organizationId = valueAt(input, rule);
  if (typeof organizationId !== "string" || !organizationId) return;
  const role = await organizationRole(user.uid, organizationId);
  if (!role || (rule.role === "approver" && role !== "approver")) {
    throw forbidden("You are not a member of this organization with that role.");
  }
}

/**
 * The answer for a failure. What an external system said (billing messages, CRM error codes and
 * object names) is logged by the caller of this, never sent: the browser gets a generic text.
 */
export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (error instanceof ConnectorError) {
    if (error.kind === "not_found") return new ApiError("not_found", "Not found.");
    if (error.kind === "rejected") return new ApiError("rejected", "A city system could not accept this request.");
    return new ApiError("unavailable", "A city system is unavailable. Please try again later.");
  }
  if (error instanceof OutboundTimeoutError) {
    return new ApiError("unavailable", "A city system did not answer in time. Please try again later.");
  }
  return new ApiError("internal", "Something went wrong on our side.");
}

function describe(error: unknown): Record<string, unknown> {
  if (error instanceof Error) return { name: error.name, message: error.message, stack: error.stack };
  return { value: String(error) };
}
