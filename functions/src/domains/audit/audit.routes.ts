// GET /api/audit
// GET /api/audit/export
import {
  AUDIT_CSV_COLUMNS,
  AUDIT_PAGE_LIMIT,
  type AuditPage,
  type AuditQuery,
  ZAuditQuery,
} from "../../contract/audit";
import { cityInstant, nextDay } from "../../contract/city-time";
import { toCsv } from "../../contract/csv";
import { findAuditRecords } from "../../data/audit-records";
import { type AnyRoute, route } from "../../platform/http/route";

/** The records a query names: its days are whole days in America/Chicago. */
function recordsFor(query: AuditQuery) {
  return findAuditRecords(
    {
      personUid: query.personUid,
      actorUid: query.actorUid,
      action: query.action,
      from: query.from ? cityInstant(query.from) : undefined,
      until: query.to ? cityInstant(nextDay(query.to)) : undefined,
    },
    AUDIT_PAGE_LIMIT,
  );
}

/**
 * The audit trail for admins (issue 31): read and export only. There is no route that changes or
 * deletes a record (tests/api/audit-trail.test.ts walks every route to show it).
 */
export const auditRoutes: AnyRoute[] = [
  route({
    method: "GET",
    path: "/api/audit",
    access: "admin",
    query: ZAuditQuery,
    summary: "Admin: the audit trail, newest first, filtered by person, actor, action and days (at most 500)",
    example: { query: { from: "2026-11-01", to: "2026-11-30" } },
    handler: async ({ query }): Promise<AuditPage> => {
      const { rows, truncated } = await recordsFor(query);
      return { records: rows, truncated };
    },
  }),

  route({
    method: "GET",
    path: "/api/audit/export",
    access: "admin",
    query: ZAuditQuery,
    summary: "Admin: the filtered audit trail as a CSV file (the same records as the page)",
    example: { query: { action: "user.update" } },
    handler: async ({ query, res }) => {
      const { rows } = await recordsFor(query);
      const csv = toCsv([[...AUDIT_CSV_COLUMNS], ...rows.map((row) => AUDIT_CSV_COLUMNS.map((column) => row[column]))]);
      res.setHeader("content-type", "text/csv; charset=utf-8");
      res.setHeader("content-disposition", 'attachment; filename="audit-trail.csv"');
      res.send(csv);
      return undefined;
    },
  }),
];
