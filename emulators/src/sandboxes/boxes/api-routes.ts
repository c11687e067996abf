import Busboy from "busboy";
import express, { type Response } from "express";
import type { BoxFile, BoxItem, BoxStore } from "./store.ts";
import { type BoxScope, type BoxToken, boxError } from "./tokens.ts";

const MAX_UPLOAD_BYTES = 50 * 1024 * 1024;

function itemJson(item: BoxItem) {
  const common = {
    type: item.type,
    id: item.id,
    etag: "0",
    name: item.name,
    created_at: item.createdAt,
    modified_at: item.createdAt,
    parent: item.parentId ? { type: "folder", id: item.parentId } : null,
    shared_link: item.sharedLink ? { url: item.sharedLink, access: "open" } : null,
  };
  return item.type === "file"
    ? { ...common, size: item.content.length, extension: item.name.split(".").pop() ?? "" }
    : common;
}

const tokenOf = (res: Response) => res.locals.boxToken as BoxToken;

/**
 * The item unless the token may not see it (outside its folder: 404, as Box hides it) or lacks
 * the scope for the operation (403). The enterprise token (folderId null) may do anything.
 */
function authorised(store: BoxStore, res: Response, id: string, kind: "folder" | "file", scope: BoxScope[]) {
  const token = tokenOf(res);
  const item = store.get(id);
  if (!item || item.type !== kind || (token.folderId && !store.isWithin(item.id, token.folderId))) {
    boxError(res, 404, "not_found", `Could not find the specified resource`);
    return undefined;
  }
  if (token.folderId && !scope.some((needed) => token.scopes.has(needed))) {
    boxError(res, 403, "access_denied_insufficient_permissions", "Access denied - insufficient permission");
    return undefined;
  }
  return item;
}

const conflict = (res: Response, existing: BoxItem) =>
  boxError(res, 409, "item_name_in_use", "Item with the same name already exists", {
    context_info: { conflicts: [itemJson(existing)] },
  });

const READ: BoxScope[] = ["base_explorer", "item_preview", "base_preview"];

/** Box API 2.0: folders (get, items, create, rename, delete, share) and files (get, content, rename, delete, share). */
export function apiRoutes(store: BoxStore, baseUrl: () => string) {
  const router = express.Router();
  router.use(express.json());

  router.get("/folders/:id", (req, res) => {
    const folder = authorised(store, res, String(req.params.id), "folder", READ);
    if (folder) res.json({ ...itemJson(folder), item_collection: { total_count: store.children(folder.id).length } });
  });

  router.get("/folders/:id/items", (req, res) => {
    const folder = authorised(store, res, String(req.params.id), "folder", READ);
    if (!folder) return;
    const limit = Math.min(Number(req.query.limit) || 100, 1000);
    const offset = Number(req.query.offset) || 0;
    const children = store.children(folder.id);
    res.json({
      total_count: children.length,
      entries: children.slice(offset, offset + limit).map((item) => itemJson(item)),
      offset,
      limit,
      order: [
        { by: "type", direction: "ASC" },
        { by: "name", direction: "ASC" },
      ],
    });
  });

  router.post("/folders", (req, res) => {
    const { name, parent } = (req.body ?? {}) as { name?: string; parent?: { id?: string } };
    const folder = authorised(store, res, String(parent?.id ?? ""), "folder", ["item_upload"]);
    if (!folder) return;
    if (!name || name.length > 255 || /[\\/]/.test(name)) {
      boxError(res, 400, "bad_request", "Invalid folder name");
      return;
    }
    const existing = store.named(folder.id, name);
    if (existing) return conflict(res, existing);
    res.status(201).json(itemJson(store.addFolder(name, folder.id)));
  });

  router.get("/files/:id", (req, res) => {
    const file = authorised(store, res, String(req.params.id), "file", READ);
    if (file) res.json(itemJson(file));
  });

  router.get("/files/:id/content", (req, res) => {
    const file = authorised(store, res, String(req.params.id), "file", ["item_download"]) as BoxFile | undefined;
    if (!file) return;
    res.set({
      "content-type": file.contentType,
      "content-disposition": `attachment; filename="${encodeURIComponent(file.name)}"`,
    });
    res.send(file.content);
  });

  for (const kind of ["folder", "file"] as const) {
    router.put(`/${kind}s/:id`, (req, res) => {
      const body = (req.body ?? {}) as { name?: string; shared_link?: { access?: string } };
      const scope: BoxScope[] = body.shared_link ? ["item_share"] : ["item_rename"];
      const item = authorised(store, res, String(req.params.id), kind, scope);
      if (!item) return;
      if (body.name) {
        const existing = item.parentId ? store.named(item.parentId, body.name) : undefined;
        if (existing && existing.id !== item.id) return conflict(res, existing);
        item.name = body.name;
      }
      if (body.shared_link) item.sharedLink = `${baseUrl()}/s/${item.id}`;
      res.json(itemJson(item));
    });
    router.delete(`/${kind}s/:id`, (req, res) => {
      const item = authorised(store, res, String(req.params.id), kind, ["item_delete"]);
      if (!item) return;
      store.remove(item.id);
      res.status(204).end();
    });
  }
  return router;
}

/** POST /api/2.0/files/content on the upload host: multipart form with `attributes` (JSON) then `file`. */
export function uploadRoutes(store: BoxStore) {
  const router = express.Router();
  router.post("/files/content", (req, res) => {
    let attributes: { name?: string; parent?: { id?: string } } = {};
    let answered = false;
    const answer = (send: () => void) => {
      if (!answered) send();
      answered = true;
    };
    const parser = Busboy({ headers: req.headers, limits: { fileSize: MAX_UPLOAD_BYTES, files: 1 } });
    parser.on("field", (name, value) => {
      if (name === "attributes") attributes = JSON.parse(value) as typeof attributes;
    });
    parser.on("file", (_field, stream, info) => {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("limit", () => answer(() => boxError(res, 413, "file_size_limit_exceeded", "File too large")));
      stream.on("end", () => {
        if (answered) return;
        const folder = authorised(store, res, String(attributes.parent?.id ?? ""), "folder", [
          "item_upload",
          "base_upload",
        ]);
        if (!folder) {
          answered = true;
          return;
        }
        const name = attributes.name || info.filename || "upload";
        const existing = store.named(folder.id, name);
        if (existing) return answer(() => conflict(res, existing));
        const file = store.addFile(name, folder.id, info.mimeType, Buffer.concat(chunks));
        answer(() => res.status(201).json({ total_count: 1, entries: [itemJson(file)] }));
      });
    });
    parser.on("error", () => answer(() => boxError(res, 400, "bad_request", "Unreadable multipart body")));
    req.pipe(parser);
  });
  return router;
}
