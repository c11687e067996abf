import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { rename, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { ObjectHashes } from "./hashes.ts";

/** An object resource as the Cloud Storage JSON API answers it (the fields the client reads). */
export interface ObjectResource {
  kind: "storage#object";
  id: string;
  selfLink: string;
  mediaLink: string;
  name: string;
  bucket: string;
  generation: string;
  metageneration: string;
  contentType: string;
  storageClass: "STANDARD";
  size: string;
  md5Hash: string;
  crc32c: string;
  etag: string;
  timeCreated: string;
  updated: string;
  metadata?: Record<string, string>;
  cacheControl?: string;
  contentDisposition?: string;
}

export interface WrittenMetadata {
  contentType?: string;
  metadata?: Record<string, string>;
  cacheControl?: string;
  contentDisposition?: string;
}

interface StoredObject {
  resource: ObjectResource;
  path: string;
}

/**
 * Objects kept as files in a temp dir (never in memory), with their metadata in a map.
 * Buckets exist as soon as something is written to them, as the Storage emulator's do.
 */
export function createObjectStore(baseUrl: () => string) {
  const dir = mkdtempSync(join(tmpdir(), "portal-storage-"));
  process.once("exit", () => rmSync(dir, { recursive: true, force: true }));
  const objects = new Map<string, StoredObject>();
  const keyOf = (bucket: string, name: string) => `${bucket}\u0000${name}`;

  return {
    /** A fresh file path for an upload in progress. */
    scratchPath: () => join(dir, `upload-${randomUUID()}`),

    get: (bucket: string, name: string) => objects.get(keyOf(bucket, name)),

    /** Moves a finished upload into place as the object's newest generation. */
    async commit(
      bucket: string,
      name: string,
      file: string,
      hashes: ObjectHashes,
      written: WrittenMetadata,
    ): Promise<ObjectResource> {
      const previous = objects.get(keyOf(bucket, name));
      const path = join(dir, `object-${randomUUID()}`);
      await rename(file, path);
      const now = new Date().toISOString();
      const generation = String(Date.now() * 1000 + Math.floor(Math.random() * 1000));
      const encoded = encodeURIComponent(name);
      const resource: ObjectResource = {
        kind: "storage#object",
        id: `${bucket}/${name}/${generation}`,
        selfLink: `${baseUrl()}/storage/v1/b/${bucket}/o/${encoded}`,
        mediaLink: `${baseUrl()}/download/storage/v1/b/${bucket}/o/${encoded}?generation=${generation}&alt=media`,
        name,
        bucket,
        generation,
        metageneration: "1",
        contentType: written.contentType || "application/octet-stream",
        storageClass: "STANDARD",
        size: String(hashes.size),
        md5Hash: hashes.md5Hash,
        crc32c: hashes.crc32c,
        etag: hashes.md5Hash,
        timeCreated: now,
        updated: now,
        ...(written.metadata ? { metadata: written.metadata } : {}),
        ...(written.cacheControl ? { cacheControl: written.cacheControl } : {}),
        ...(written.contentDisposition ? { contentDisposition: written.contentDisposition } : {}),
      };
      objects.set(keyOf(bucket, name), { resource, path });
      if (previous) await rm(previous.path, { force: true });
      return resource;
    },

    async delete(bucket: string, name: string): Promise<boolean> {
      const found = objects.get(keyOf(bucket, name));
      if (!found) return false;
      objects.delete(keyOf(bucket, name));
      await rm(found.path, { force: true });
      return true;
    },

    /** Objects of a bucket in name order, as the JSON API lists them. */
    list: (bucket: string): ObjectResource[] =>
      [...objects.values()]
        .map((stored) => stored.resource)
        .filter((resource) => resource.bucket === bucket)
        .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)),
  };
}

export type ObjectStore = ReturnType<typeof createObjectStore>;
