import { randomUUID } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { rm, writeFile } from "node:fs/promises";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import express, { type Request } from "express";
import { sendStorageError } from "./errors.ts";
import { hashFile } from "./hashes.ts";
import { readMultipartRelated } from "./multipart.ts";
import type { ObjectStore, WrittenMetadata } from "./object-store.ts";

interface ResumableSession {
  bucket: string;
  name: string;
  written: WrittenMetadata;
  path: string;
  received: number;
}

const writtenFrom = (metadata: Record<string, unknown>, contentType?: string): WrittenMetadata => ({
  contentType: contentType || (metadata.contentType as string | undefined),
  metadata: metadata.metadata as Record<string, string> | undefined,
  cacheControl: metadata.cacheControl as string | undefined,
  contentDisposition: metadata.contentDisposition as string | undefined,
});

/** Streams the request body onto the end of a file; answers how many bytes came. */
async function appendBody(req: Request, path: string): Promise<number> {
  let bytes = 0;
  (req as Readable).on("data", (chunk: Buffer) => {
    bytes += chunk.length;
  });
  await pipeline(req, createWriteStream(path, { flags: "a" }));
  return bytes;
}

/**
 * Uploads under /upload/storage/v1: uploadType=multipart (metadata and media in one request)
 * and uploadType=resumable (POST opens a session whose URI is the Location header, then PUTs
 * with Content-Range carry the bytes; 308 with a Range header means "send more").
 */
export function uploadRoutes(store: ObjectStore, baseUrl: () => string) {
  const router = express.Router();
  const sessions = new Map<string, ResumableSession>();

  router.post("/b/:bucket/o", async (req, res) => {
    const bucket = String(req.params.bucket);
    const uploadType = String(req.query.uploadType ?? "");
    if (uploadType === "resumable") {
      const chunks: Buffer[] = [];
      for await (const chunk of req as AsyncIterable<Buffer>) chunks.push(chunk);
      const text = Buffer.concat(chunks).toString("utf8");
      const metadata = text ? (JSON.parse(text) as Record<string, unknown>) : {};
      const name = String(req.query.name ?? metadata.name ?? "");
      if (!name) {
        sendStorageError(res, 400, "required", "Required parameter: name");
        return;
      }
      const id = randomUUID();
      const path = store.scratchPath();
      await writeFile(path, "");
      sessions.set(id, {
        bucket,
        name,
        written: writtenFrom(metadata, req.get("x-upload-content-type")),
        path,
        received: 0,
      });
      const location = `${baseUrl()}/upload/storage/v1/b/${encodeURIComponent(bucket)}/o?uploadType=resumable&name=${encodeURIComponent(name)}&upload_id=${id}`;
      res.set("location", location).status(200).end();
      return;
    }
    if (uploadType !== "multipart") {
      sendStorageError(res, 400, "invalid", `Unsupported uploadType ${uploadType}`);
      return;
    }
    const boundary = /boundary="?([^";]+)"?/i.exec(req.get("content-type") ?? "")?.[1];
    if (!boundary) {
      sendStorageError(res, 400, "invalid", "multipart/related with a boundary expected");
      return;
    }
    const raw = store.scratchPath();
    const media = store.scratchPath();
    try {
      await appendBody(req, raw);
      const parsed = await readMultipartRelated(raw, boundary);
      const name = String(req.query.name ?? parsed.metadata.name ?? "");
      if (!name) {
        sendStorageError(res, 400, "required", "Required parameter: name");
        return;
      }
      if (parsed.media.end >= parsed.media.start) {
        await pipeline(createReadStream(raw, parsed.media), createWriteStream(media));
      } else {
        await writeFile(media, "");
      }
      const hashes = await hashFile(media);
      res.json(await store.commit(bucket, name, media, hashes, writtenFrom(parsed.metadata, parsed.mediaType)));
    } catch (error) {
      sendStorageError(res, 400, "invalid", `Unreadable multipart body: ${String(error)}`);
    } finally {
      await rm(raw, { force: true });
      await rm(media, { force: true });
    }
  });

  router.put("/b/:bucket/o", async (req, res) => {
    const session = sessions.get(String(req.query.upload_id ?? ""));
    if (!session) {
      sendStorageError(res, 404, "notFound", "No such upload session");
      return;
    }
    // "bytes 0-99/*", "bytes 100-199/200", "bytes 0-*/*" (one request, ends the upload) or "bytes */200".
    const range = /^bytes (\*|(\d+)-(\d+|\*))\/(\d+|\*)$/.exec(req.get("content-range") ?? "bytes 0-*/*");
    if (!range) {
      sendStorageError(res, 400, "invalid", "Bad Content-Range");
      return;
    }
    const [, , startText, endText, totalText] = range;
    const total = totalText === "*" ? undefined : Number(totalText);
    // Bytes that don't continue where the session stands are dropped; the 308's Range says where to resume.
    const continues = startText !== undefined && Number(startText) === session.received;
    if (continues) session.received += await appendBody(req, session.path);
    else req.resume();
    const finished = total === session.received || (endText === "*" && continues);
    if (!finished) {
      if (session.received > 0) res.set("range", `bytes=0-${session.received - 1}`);
      res.status(308).end();
      return;
    }
    sessions.delete(String(req.query.upload_id));
    const hashes = await hashFile(session.path);
    res.json(await store.commit(session.bucket, session.name, session.path, hashes, session.written));
  });

  return router;
}
