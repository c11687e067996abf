// GET /api/payment/finance, GET /api/payment/finance/export
import { z } from "zod";
import { toCsv } from "../../contract/csv";
import { badRequest } from "../../platform/http/api-error";
import { type AnyRoute, route } from "../../platform/http/route";
import { FINANCE_CSV_HEADER, financeCsvRow, financeRows, totalsByCodeGroup } from "./finance-export.service";

const ZDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { message: "Invalid" });

/** A range of city days, at most a year long. */
const ZFinanceRange = z
  .object({ from: ZDay, to: ZDay })
  .strict()
  .refine(({ from, to }) => !Number.isNaN(Date.parse(from)) && !Number.isNaN(Date.parse(to)), {
    message: "Invalid",
    path: ["from"],
  });

const MAX_RANGE_DAYS = 366;

function checkedRange({ from, to }: { from: string; to: string }) {
  const days = (Date.parse(to) - Date.parse(from)) / 86_400_000;
  if (days < 0) throw badRequest("The range ends before it starts.", { to: "Invalid" });
  if (days >= MAX_RANGE_DAYS) throw badRequest("A range is at most a year.", { to: "Invalid" });
  return { from, to };
}

/** Issue 32 "Finance export": the payments that took money in a range of city days (admins). */
export const financeExportRoutes: AnyRoute[] = [
  route({
    method: "GET",
    path: "/api/payment/finance",
    access: "admin",
    summary: "Payments in a range of city days: totals per payment code group (cents) and the count",
    query: ZFinanceRange,
    example: { query: { from: "2026-11-01", to: "2026-11-30" } },
    handler: async ({ query }) => {
      const { from, to } = checkedRange(query);
      const rows = await financeRows(from, to);
      return { from, to, count: rows.length, totals: totalsByCodeGroup(rows) };
    },
  }),
  route({
    method: "GET",
    path: "/api/payment/finance/export",
    access: "admin",
    summary:
      "Payments in a range of city days as CSV, one row per transaction (ids, account, code group, cents, state, Chicago time)",
    query: ZFinanceRange,
    example: { query: { from: "2026-11-01", to: "2026-11-30" } },
    handler: async ({ query, res }): Promise<undefined> => {
      const { from, to } = checkedRange(query);
      const rows = await financeRows(from, to);
      res.status(200);
      res.setHeader("content-type", "text/csv; charset=utf-8");
      res.setHeader("content-disposition", `attachment; filename="payments-${from}-to-${to}.csv"`);
      res.send(toCsv([FINANCE_CSV_HEADER, ...rows.map(financeCsvRow)]));
      return undefined;
    },
  }),
];
