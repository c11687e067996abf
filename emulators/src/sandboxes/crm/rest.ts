import { randomBytes } from "node:crypto";
import express, { type NextFunction, type Request, type Response, type Router } from "express";
import { KEY_PREFIX } from "../../seed/city.ts";
import type { Sessions } from "./oauth.ts";
import { queryRow, wholeRecord } from "./records.ts";
import { parseSoql, type SoqlQuery, SoqlSyntaxError } from "./soql-parser.ts";
import { CrmApiError, type CrmStore } from "./store.ts";

/** Salesforce answers at most 2,000 rows per query call and hands out nextRecordsUrl for the rest. */
export const QUERY_BATCH_SIZE = 2000;

interface Cursor {
  version: string;
  rows: Record<string, unknown>[];
  position: number;
}

type Handler = (req: Request, res: Response) => void;

/** Turns CrmApiError and syntax errors into Salesforce's [{ message, errorCode }] bodies. */
function handle(handler: Handler): Handler {
  return (req, res) => {
    try {
      handler(req, res);
    } catch (error) {
      if (error instanceof CrmApiError) {
        res.status(error.status).json([{ message: error.message, errorCode: error.errorCode }]);
      } else if (error instanceof SoqlSyntaxError) {
        res.status(400).json([{ message: error.message, errorCode: "MALFORMED_QUERY" }]);
      } else {
        res.status(500).json([{ message: String(error), errorCode: "UNKNOWN_EXCEPTION" }]);
      }
    }
  };
}

const param = (req: Request, name: string) => String(req.params[name] ?? "");

/** The REST API under /services/data/vXX.X as jsforce calls it. */
export function restRouter(store: CrmStore, sessions: Sessions): Router {
  const router = express.Router();
  const cursors = new Map<string, Cursor>();

  router.get("/services/data", (_req, res) => {
    res.json([{ label: "Winter '26", url: "/services/data/v65.0", version: "65.0" }]);
  });

  router.use("/services/data/:version", (req: Request, res: Response, next: NextFunction) => {
    const header = req.headers.authorization ?? "";
    const token = header.replace(/^(Bearer|OAuth)\s+/i, "");
    if (!sessions.isValid(token || undefined)) {
      res.status(401).json([{ message: "Session expired or invalid", errorCode: "INVALID_SESSION_ID" }]);
      return;
    }
    if (!/^v\d+\.\d$/.test(param(req, "version"))) {
      res.status(404).json([{ message: "The requested resource does not exist", errorCode: "NOT_FOUND" }]);
      return;
    }
    next();
  });
  // Salesforce takes a file's base64 VersionData in a JSON insert up to about 37.5 MB of file.
  router.use("/services/data/:version", express.json({ limit: "52mb" }));

  const page = (cursor: Cursor, totalSize: number) => {
    const records = cursor.rows.slice(cursor.position, cursor.position + QUERY_BATCH_SIZE);
    cursor.position += records.length;
    const done = cursor.position >= cursor.rows.length;
    const body: Record<string, unknown> = { totalSize, done, records };
    if (!done) {
      const locator = `01g${randomBytes(6).toString("hex")}`;
      cursors.set(locator, cursor);
      body.nextRecordsUrl = `/services/data/${cursor.version}/query/${locator}-${cursor.position}`;
    }
    return body;
  };

  const runQuery: Handler = (req, res) => {
    const soql = req.query.q;
    if (typeof soql !== "string" || !soql.trim()) throw new SoqlSyntaxError("q is required");
    const query: SoqlQuery = parseSoql(soql);
    const { type, records } = store.query(query);
    const version = param(req, "version");
    const counts = query.select.filter((item) => item.kind === "count");
    if (counts.length > 0) {
      if (counts.length !== query.select.length) throw new SoqlSyntaxError("COUNT cannot be mixed with fields");
      const [count] = counts;
      if (count?.kind === "count" && count.field === null) {
        res.json({ totalSize: records.length, done: true, records: [] });
        return;
      }
      const row: Record<string, unknown> = { attributes: { type: "AggregateResult" } };
      counts.forEach((item, index) => {
        if (item.kind !== "count") return;
        const field = item.field as string;
        row[item.alias ?? `expr${index}`] = records.filter((record) => {
          const key = Object.keys(record).find((name) => name.toLowerCase() === field.toLowerCase());
          return key !== undefined && record[key] !== null && record[key] !== undefined;
        }).length;
      });
      res.json({ totalSize: 1, done: true, records: [row] });
      return;
    }
    const rows = records.map((record) => queryRow(version, type, record, query, store.resolve));
    res.json(page({ version, rows, position: 0 }, rows.length));
  };
  router.get("/services/data/:version/query", handle(runQuery));
  // Deleted records are removed from the store, so queryAll answers the same as query.
  router.get("/services/data/:version/queryAll", handle(runQuery));
  router.get(
    "/services/data/:version/query/:locator",
    handle((req, res) => {
      const [locator] = param(req, "locator").split("-");
      const cursor = cursors.get(locator ?? "");
      if (!cursor) throw new CrmApiError(400, "INVALID_QUERY_LOCATOR", "invalid query locator");
      cursors.delete(locator ?? "");
      res.json(page(cursor, cursor.rows.length));
    }),
  );

  router.get(
    "/services/data/:version/sobjects",
    handle((req, res) => {
      const version = param(req, "version");
      res.json({
        encoding: "UTF-8",
        maxBatchSize: 200,
        sobjects: store.typeNames().map((name) => ({
          name,
          label: name.replace(/__(c|kav)$/, "").replace(/_/g, " "),
          keyPrefix: KEY_PREFIX[name],
          custom: name.endsWith("__c"),
          queryable: true,
          createable: true,
          updateable: true,
          deletable: true,
          urls: {
            sobject: `/services/data/${version}/sobjects/${name}`,
            describe: `/services/data/${version}/sobjects/${name}/describe`,
            rowTemplate: `/services/data/${version}/sobjects/${name}/{ID}`,
          },
        })),
      });
    }),
  );
  router.get(
    "/services/data/:version/sobjects/:type/describe",
    handle((req, res) => {
      const type = store.resolveType(param(req, "type"));
      res.json({
        name: type,
        label: type.replace(/__(c|kav)$/, "").replace(/_/g, " "),
        keyPrefix: KEY_PREFIX[type],
        custom: type.endsWith("__c"),
        queryable: true,
        createable: true,
        updateable: true,
        deletable: true,
        fields: store.describe(type),
      });
    }),
  );
  router.post(
    "/services/data/:version/sobjects/:type",
    handle((req, res) => {
      const type = store.resolveType(param(req, "type"));
      const body = req.body as unknown;
      if (!body || typeof body !== "object" || Array.isArray(body)) {
        throw new CrmApiError(400, "JSON_PARSER_ERROR", "The request body must be a JSON object");
      }
      const id = store.create(type, body as Record<string, unknown>, param(req, "version"));
      res.status(201).json({ id, success: true, errors: [] });
    }),
  );
  router.get(
    "/services/data/:version/sobjects/:type/:id",
    handle((req, res) => {
      const type = store.resolveType(param(req, "type"));
      const record = store.retrieve(type, param(req, "id"));
      const fields =
        typeof req.query.fields === "string" ? req.query.fields.split(",").map((field) => field.trim()) : undefined;
      res.json(wholeRecord(param(req, "version"), type, record, fields));
    }),
  );
  // A file's bytes, as Salesforce serves a ContentVersion's VersionData (the link a clerk's file preview opens).
  router.get(
    "/services/data/:version/sobjects/ContentVersion/:id/VersionData",
    handle((req, res) => {
      const bytes = store.versionData(param(req, "id"));
      const version = store.retrieve("ContentVersion", param(req, "id"));
      const types: Record<string, string> = {
        JPG: "image/jpeg",
        PNG: "image/png",
        GIF: "image/gif",
        WEBP: "image/webp",
      };
      res.type(types[String(version.FileType)] ?? "application/octet-stream").send(bytes);
    }),
  );
  router.patch(
    "/services/data/:version/sobjects/:type/:id",
    handle((req, res) => {
      const type = store.resolveType(param(req, "type"));
      store.update(type, param(req, "id"), (req.body ?? {}) as Record<string, unknown>);
      res.status(204).end();
    }),
  );
  router.delete(
    "/services/data/:version/sobjects/:type/:id",
    handle((req, res) => {
      const type = store.resolveType(param(req, "type"));
      store.destroy(type, param(req, "id"));
      res.status(204).end();
    }),
  );
  return router;
}
