import { z } from "zod";
import { ZDocumentId } from "./ids";

/**
 * The audit trail (issue 31): every staff and admin action that reads a person's data or changes
 * anything writes one append-only record. Records are written only by the API's dispatcher
 * (a route's `audit` rule, or any change a staff or admin route makes) and never changed or
 * deleted: no route updates or deletes one, and Firestore's rules refuse every client write.
 */
export interface AuditRecordRow {
  id: string;
  /** ISO 8601 instant (shown in America/Chicago). */
  at: string;
  actorUid: string;
  actorEmail: string | null;
  /** The caller's role when they acted: `admin` or `staff` (a resident acting for nobody is not audited). */
  actorRole: "admin" | "staff";
  /** What was done: a short code such as `user.update` or `console.person.view`. */
  action: string;
  /** The route, e.g. `PUT /api/users/profile/:id`. */
  route: string;
  /** The person whose data was read or changed, when there is one. */
  personUid: string | null;
  /** What else was acted on (a flag's name, an alert's id), when there is one. */
  subject: string | null;
  /** The state before the action, as JSON text (null when nothing existed or it was a read). */
  before: string | null;
  /** The state after the action, or what was read or sent, as JSON text. */
  after: string | null;
  requestId: string;
}

export interface AuditPage {
  records: AuditRecordRow[];
  /** More records match than were answered (narrow the dates or filters). */
  truncated: boolean;
}

/** How many records one page (and one CSV export) holds at most. */
export const AUDIT_PAGE_LIMIT = 500;

const ZDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "Invalid");

/** An action code (`user.update`), or a route for changes without one (`PUT /api/featureflags/:name`). */
const ZAuditAction = z.string().regex(/^[A-Za-z0-9.:/ _-]{1,80}$/, "Invalid");

const fromNotAfterTo = {
  check: (query: { from?: string; to?: string }) => !query.from || !query.to || query.from <= query.to,
  issue: { message: "Invalid", path: ["from"] },
};

/** GET /api/audit and GET /api/audit/export: filters (all optional; dates are days in America/Chicago). */
export const ZAuditQuery = z
  .object({
    personUid: ZDocumentId.optional(),
    actorUid: ZDocumentId.optional(),
    action: ZAuditAction.optional(),
    from: ZDay.optional(),
    to: ZDay.optional(),
  })
  .strict()
  .refine(fromNotAfterTo.check, fromNotAfterTo.issue);
export type AuditQuery = z.infer<typeof ZAuditQuery>;

const emptyOr = <T extends z.ZodType>(schema: T) => z.union([z.literal(""), schema], { error: () => "Invalid" });

/** The audit page's filter form: the same filters, each may be left empty. */
export const ZAuditFilterForm = z
  .object({
    personUid: emptyOr(ZDocumentId),
    actorUid: emptyOr(ZDocumentId),
    action: emptyOr(ZAuditAction),
    from: emptyOr(ZDay),
    to: emptyOr(ZDay),
  })
  .refine(fromNotAfterTo.check, fromNotAfterTo.issue);
export type AuditFilterForm = z.infer<typeof ZAuditFilterForm>;

/** The CSV export's columns, in order (the row's field names). */
export const AUDIT_CSV_COLUMNS = [
  "at",
  "actorEmail",
  "actorUid",
  "actorRole",
  "action",
  "route",
  "personUid",
  "subject",
  "before",
  "after",
  "requestId",
] as const satisfies readonly (keyof AuditRecordRow)[];
