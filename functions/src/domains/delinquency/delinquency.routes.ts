// GET /api/notifications/delinquencies
// GET /api/notifications/delinquencies/:id
// GET /api/notifications/delinquencies/:id/export
// POST /api/notifications/delinquencies/verify
// POST /api/notifications/delinquencies

import { toCsv } from "../../contract/csv";
import {
  type DelinquencyBatch,
  type DelinquencySummary,
  ZDelinquencyFileInput,
  ZDelinquencyPageQuery,
} from "../../contract/delinquency";
import { ZDocumentIdParams } from "../../contract/ids";
import { listDelinquencyBatches, readDelinquencyBatch } from "../../data/delinquency-batches";
import { notFound } from "../../platform/http/api-error";
import { requireUser } from "../../platform/http/principal";
import { type AnyRoute, route } from "../../platform/http/route";
import {
  delinquencyBatchPage,
  delinquencyBatchRows,
  queueDelinquencyBatch,
  toDelinquencyBatch,
  verifyDelinquencyFile,
} from "./delinquency.service";

const EXAMPLE_FILE = "Account Number,Delinquent Amount,Shutoff Date,Address\n100-200,12.50,12/15/2026,100 Main St\n";

async function batchOrNotFound(id: string) {
  const doc = await readDelinquencyBatch(id);
  if (!doc) throw notFound("No such delinquency batch.");
  return doc;
}

export const delinquencyRoutes: AnyRoute[] = [
  route({
    method: "GET",
    path: "/api/notifications/delinquencies",
    access: "admin",
    summary: "Delinquency batches, newest first (without their rows)",
    handler: async (): Promise<DelinquencyBatch[]> =>
      (await listDelinquencyBatches()).map(({ id, data }) => {
        const batch = toDelinquencyBatch(id, data);
        return { ...batch, data: { ...batch.data, summary: { ...batch.data.summary, errors: [] } } };
      }),
  }),
  route({
    method: "GET",
    path: "/api/notifications/delinquencies/:id",
    access: "admin",
    summary: "One delinquency batch with a page of its verified rows (View Details)",
    params: ZDocumentIdParams,
    query: ZDelinquencyPageQuery,
    example: { params: { id: "no-such-batch" }, query: { page: "0", pageSize: "10" } },
    handler: async ({ params, query }): Promise<DelinquencyBatch> =>
      delinquencyBatchPage(params.id, await batchOrNotFound(params.id), query),
  }),
  route({
    method: "GET",
    path: "/api/notifications/delinquencies/:id/export",
    access: "admin",
    summary: "A batch's rows as CSV, every cell neutralized against formula injection",
    params: ZDocumentIdParams,
    example: { params: { id: "no-such-batch" } },
    handler: async ({ params, res }): Promise<undefined> => {
      const rows = await delinquencyBatchRows(params.id, await batchOrNotFound(params.id));
      const csv = toCsv([
        [
          "Row",
          "Account Number",
          "Delinquent Amount",
          "Shutoff Date",
          "Address",
          "Portal User",
          "Email",
          "Phone",
          "Phone Preference",
          "Problems",
          "Dropped",
        ],
        ...rows.map((row) => [
          row.row,
          row.accountNumber,
          (row.delinquentAmountCents / 100).toFixed(2),
          row.shutoffDate,
          row.address,
          row.user?.userName ?? "",
          row.user?.userEmail ?? "",
          row.user?.userPhone ?? "",
          row.phonePreference,
          row.problems.join("; "),
          row.dropped ?? "",
        ]),
      ]);
      res.status(200);
      res.setHeader("content-type", "text/csv; charset=utf-8");
      res.setHeader("content-disposition", `attachment; filename="delinquency-${params.id}.csv"`);
      res.send(csv);
      return undefined;
    },
  }),
  route({
    method: "POST",
    path: "/api/notifications/delinquencies/verify",
    access: "admin",
    summary: "Verifies a delinquency file: counts, rows with their portal user, row-level errors",
    body: ZDelinquencyFileInput,
    example: { body: { delinquencyData: EXAMPLE_FILE } },
    handler: async ({ body }): Promise<DelinquencySummary> => verifyDelinquencyFile(body.delinquencyData),
  }),
  route({
    method: "POST",
    path: "/api/notifications/delinquencies",
    access: "admin",
    summary: "Verifies a file again and queues its notifications (re-checked with billing just before each is sent)",
    body: ZDelinquencyFileInput,
    example: { body: { delinquencyData: EXAMPLE_FILE } },
    // Notifies residents: the matrix checks refusals only; tests/api/delinquency-notifications proves the rest.
    destructive: true,
    handler: async ({ user, body, res }): Promise<undefined> => {
      const id = await queueDelinquencyBatch(body.delinquencyData, requireUser(user).uid);
      const page = { page: 0, pageSize: 10 };
      res.status(202).json(await delinquencyBatchPage(id, await batchOrNotFound(id), page));
      return undefined;
    },
  }),
];
