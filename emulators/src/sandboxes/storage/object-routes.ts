import { createReadStream } from "node:fs";
import express from "express";
import { noSuchObject } from "./errors.ts";
import type { ObjectStore } from "./object-store.ts";

const DEFAULT_PAGE_SIZE = 1000;

/**
 * Metadata, media download, list and delete. Mounted at /storage/v1, at /download/storage/v1
 * and at the root: @google-cloud/storage puts STORAGE_EMULATOR_HOST in front of /b/... directly.
 */
export function objectRoutes(store: ObjectStore) {
  const router = express.Router();

  router.get("/b/:bucket/o", (req, res) => {
    const bucket = String(req.params.bucket);
    const prefix = String(req.query.prefix ?? "");
    const delimiter = req.query.delimiter ? String(req.query.delimiter) : "";
    const pageSize = Math.min(Number(req.query.maxResults) || DEFAULT_PAGE_SIZE, DEFAULT_PAGE_SIZE);
    const after = req.query.pageToken ? Buffer.from(String(req.query.pageToken), "base64url").toString() : "";
    const items = [];
    const prefixes = new Set<string>();
    let nextPageToken: string | undefined;
    for (const resource of store.list(bucket)) {
      if (!resource.name.startsWith(prefix) || (after && resource.name <= after)) continue;
      const rest = resource.name.slice(prefix.length);
      const cut = delimiter ? rest.indexOf(delimiter) : -1;
      if (cut >= 0) {
        prefixes.add(prefix + rest.slice(0, cut + delimiter.length));
        continue;
      }
      if (items.length === pageSize) {
        nextPageToken = Buffer.from(items[items.length - 1]?.name ?? "").toString("base64url");
        break;
      }
      items.push(resource);
    }
    res.json({
      kind: "storage#objects",
      items,
      ...(prefixes.size ? { prefixes: [...prefixes] } : {}),
      ...(nextPageToken ? { nextPageToken } : {}),
    });
  });

  router.get("/b/:bucket/o/:object", (req, res) => {
    const bucket = String(req.params.bucket);
    const name = String(req.params.object);
    const found = store.get(bucket, name);
    if (!found) {
      noSuchObject(res, bucket, name);
      return;
    }
    const { resource } = found;
    if (req.query.alt !== "media" && !req.baseUrl.startsWith("/download")) {
      res.json(resource);
      return;
    }
    // Hash headers let the client validate the download, as it does against Cloud Storage.
    res.set({
      "content-type": resource.contentType,
      "content-length": resource.size,
      "x-goog-hash": `crc32c=${resource.crc32c},md5=${resource.md5Hash}`,
      "x-goog-stored-content-encoding": "identity",
      "x-goog-generation": resource.generation,
      etag: resource.etag,
    });
    createReadStream(found.path).pipe(res);
  });

  router.delete("/b/:bucket/o/:object", async (req, res) => {
    const bucket = String(req.params.bucket);
    const name = String(req.params.object);
    if (!(await store.delete(bucket, name))) {
      noSuchObject(res, bucket, name);
      return;
    }
    res.status(204).end();
  });

  return router;
}
